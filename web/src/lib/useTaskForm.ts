import { useState, type Dispatch, type SetStateAction } from 'react';
import { useSubmitTask } from './api/tasks';
import { useRequireLogin } from './session';
import { toast } from './toast';
import { useTaskWorkspace, type TaskWorkspace } from './useTaskWorkspace';

/** The form's fields that hold an uploaded picture's URL (null until uploaded). */
export type UploadField<F> = {
  [K in keyof F]-?: null extends F[K] ? (F[K] extends string | null ? K : never) : never;
}[keyof F];

interface TaskFormOptions<F, P> {
  bizType: string;
  /** A fresh form (also after another user signs in). */
  initial: () => F;
  /** The task params, or the message saying what is missing. */
  build: (form: F) => { params: P } | { missing: string };
  /** The upload whose preview is the results' "before", if any. */
  beforeField?: UploadField<F>;
}

export interface TaskForm<F> {
  form: F;
  setForm: Dispatch<SetStateAction<F>>;
  /** A setter for one field, e.g. `onChange={page.set('genNum')}`. */
  set: <K extends keyof F>(key: K) => (value: F[K]) => void;
  /** Local previews of the uploaded pictures, by field. */
  previews: Partial<Record<UploadField<F>, string>>;
  /** The ImageUploader callback for one field. */
  upload: (field: UploadField<F>) => (image: { url: string; file: File }) => void;
  workspace: TaskWorkspace;
  /** For GenerationWorkspace's button (with the page's cost). */
  pending: boolean;
  onGenerate: () => void;
}

/**
 * A generation page's form: its uploads with their previews, and the
 * generate action (sign-in first, then the page's checks, then the task,
 * which the stage then shows).
 */
export function useTaskForm<F, P>({ bizType, initial, build, beforeField }: TaskFormOptions<F, P>): TaskForm<F> {
  const requireLogin = useRequireLogin();
  const create = useSubmitTask<P>(bizType);
  const [form, setForm] = useState<F>(initial);
  const [previews, setPreviews] = useState<TaskForm<F>['previews']>({});
  const workspace = useTaskWorkspace(() => {
    setForm(initial());
    setPreviews({});
  });

  const upload =
    (field: UploadField<F>) =>
    ({ url, file }: { url: string; file: File }) => {
      const preview = workspace.preview(file);
      setPreviews((p) => ({ ...p, [field]: preview }));
      setForm((f) => ({ ...f, [field]: url }));
    };

  const set =
    <K extends keyof F>(key: K) =>
    (value: F[K]) =>
      setForm((f) => ({ ...f, [key]: value }));

  const onGenerate = () => {
    if (!requireLogin()) return;
    const built = build(form);
    if ('missing' in built) {
      toast.warning(built.missing);
      return;
    }
    const beforeUrl = beforeField ? (previews[beforeField] ?? null) : null;
    create.submit(built.params, (taskId) => workspace.showCreated(taskId, beforeUrl));
  };

  return { form, setForm, set, previews, upload, workspace, pending: create.isPending, onGenerate };
}
