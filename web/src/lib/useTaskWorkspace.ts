import { useEffect, useRef, useState } from 'react';
import type { Task } from './api/tasks';
import { useSession } from './session';

/** The task a generation page shows. */
export interface ShownTask {
  taskId: string;
  /** When it started (ms since epoch), for the simulated progress. */
  startedAt: number;
  /** Local preview of the original, when this session uploaded it. */
  beforeUrl: string | null;
}

function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

export interface TaskWorkspace {
  shown: ShownTask | null;
  /** An object URL previewing a local file, freed when the page goes. */
  preview: (file: File) => string;
  /** Shows a task just created. */
  showCreated: (taskId: string, beforeUrl?: string | null) => void;
  /** Shows a task picked from the history. */
  select: (task: Task) => void;
}

/**
 * The state every generation page keeps: the task shown and the previews
 * of what was uploaded. Another user (or none) means another history, so a
 * sign-in or sign-out forgets what is shown and calls `onUserChange` for
 * the page to reset its form.
 */
export function useTaskWorkspace(onUserChange?: () => void): TaskWorkspace {
  const { user } = useSession();
  const [shown, setShown] = useState<ShownTask | null>(null);
  const objectUrls = useRef<string[]>([]);

  // Previews stay valid while shown tasks may use them; freed on leave.
  useEffect(() => {
    const urls = objectUrls.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const userId = user?.id ?? null;
  const [seenUser, setSeenUser] = useState(userId);
  if (seenUser !== userId) {
    setSeenUser(userId);
    setShown(null);
    onUserChange?.();
  }

  return {
    shown,
    preview: (file) => {
      const url = URL.createObjectURL(file);
      objectUrls.current.push(url);
      return url;
    },
    showCreated: (taskId, beforeUrl = null) => setShown({ taskId, beforeUrl, startedAt: Date.now() }),
    select: (task) => {
      if (shown?.taskId === task.taskId) return;
      setShown({ taskId: task.taskId, beforeUrl: null, startedAt: parseTime(task.createdAt) ?? Date.now() });
    },
  };
}
