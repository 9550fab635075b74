import { useRef, useState, type RefObject } from 'react';
import { isApiError } from './api/client';
import { useI18n, type MessageKey } from './i18n';
import { useRequireLogin } from './session';
import { toast } from './toast';

/**
 * A problem said under an upload field: ours (found before anything is
 * sent, with the values its message needs) or the server's (its error code
 * and localised message).
 */
export type UploadProblem = FileProblem | { code: string; text: string };

/** A problem found before anything is sent: a message and the values it needs. */
export interface FileProblem {
  key: MessageKey;
  vars?: Record<string, string | number>;
}

/** What an upload call answers: at least the stored file's address. */
interface Uploaded {
  urls?: string[];
}

export interface UseUploadsOptions<A extends Uploaded> {
  /** A file's own problem (format, size…), found before it is sent; null when it may go. */
  check: (file: File) => FileProblem | null | Promise<FileProblem | null>;
  /** Sends one file. */
  send: (file: File) => Promise<A>;
  /** One file is stored at `url` (the answer's first). */
  onUploaded: (upload: { file: File; url: string; answer: A }) => void;
  /** How many more files may be taken, and what to say when one more is refused (a field of several files). */
  room?: { left: number; full: FileProblem };
  /** Toast each stored file (上传成功). Default true. */
  announce?: boolean;
  /** `send` is silent (the field alone shows its failures): no toast for a failure either. */
  silent?: boolean;
}

export interface Uploads {
  /** A file is being sent. */
  uploading: boolean;
  /** The last problem, until the next files are taken or `clearProblem`. */
  problem: UploadProblem | null;
  clearProblem: () => void;
  /** The hidden file input that `openChooser` clicks. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** Opens the file chooser: a visitor gets the login dialog, a running upload refuses (上传中). */
  openChooser: () => void;
  /** Checks and uploads files one by one, reporting each problem; a second call while one runs is refused (上传中). */
  take: (files: readonly File[]) => Promise<void>;
}

/**
 * The upload-and-report loop shared by the upload fields: checks each file
 * before anything is sent, asks a visitor to log in, uploads one at a time,
 * hands back each stored address and says what went wrong under the field
 * (and in a toast, unless the upload is silent). ApiErrors are toasted by
 * the API client already (when not silent).
 */
export function useUploads<A extends Uploaded>(options: UseUploadsOptions<A>): Uploads {
  const { t } = useI18n();
  const requireLogin = useRequireLogin();
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<UploadProblem | null>(null);

  const refuseBusy = () => {
    if (busy.current) toast.warning(t('upload.inProgress'));
    return busy.current;
  };

  const warn = (p: FileProblem) => {
    setProblem(p);
    toast.warning(t(p.key, p.vars));
  };

  const take = async (files: readonly File[]) => {
    if (refuseBusy() || files.length === 0) return;
    const { check, send, onUploaded, room, announce = true, silent = false } = options;
    busy.current = true;
    setProblem(null);
    let left = room?.left ?? Infinity;
    let loggedIn = false;
    try {
      for (const file of files) {
        if (room && left <= 0) {
          warn(room.full);
          break;
        }
        const broken = await check(file);
        if (broken) {
          warn(broken);
          continue;
        }
        if (!loggedIn && !requireLogin()) break;
        loggedIn = true;
        setUploading(true);
        try {
          const answer = await send(file);
          const url = answer.urls?.[0];
          if (!url) throw new Error('upload answered no URL');
          onUploaded({ file, url, answer });
          left--;
          if (announce) toast.success(t('upload.success'));
        } catch (e) {
          if (isApiError(e)) setProblem({ code: e.error, text: e.msg });
          else {
            setProblem({ key: 'error.server' });
            if (!silent) toast.error(t('error.server'));
          }
        }
      }
    } finally {
      busy.current = false;
      setUploading(false);
    }
  };

  const openChooser = () => {
    if (refuseBusy() || !requireLogin()) return;
    inputRef.current?.click();
  };

  return { uploading, problem, clearProblem: () => setProblem(null), inputRef, openChooser, take };
}

/** A problem's words, in the current language. */
export function uploadProblemText(problem: UploadProblem, t: (key: MessageKey, vars?: Record<string, string | number>) => string): string {
  return 'key' in problem ? t(problem.key, problem.vars) : problem.text;
}
