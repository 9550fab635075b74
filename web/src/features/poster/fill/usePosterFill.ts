/**
 * Submits POSTER_COPY_GEN for one template and follows it (polled): once it
 * succeeds its words are handed to `onFill` exactly once, with a short
 * confirmation; a failure stays shown (the server's message; the coins are
 * refunded). A task still running when the editor closes is picked up when
 * it opens again.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isTerminal, useSubmitTask, useTask, type Task } from '../../../lib/api/tasks';
import { useI18n } from '../../../lib/i18n';
import { USER_INFO_QUERY_KEY } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { fillableSlots, slotTextsOf, type SlotTexts } from './apply';
import { POSTER_COPY_BIZ_TYPE, type PosterCopyParams } from './params';
import { pendingFillOf, setPendingFill, type FillTask } from './storage';
import type { PosterTemplate } from '../template';

export interface PosterFill {
  /** The task shown (running, failed, or done), if any. */
  shown: FillTask | null;
  task: Task | undefined;
  /** The task could not be read (e.g. it is gone). */
  error: unknown;
  /** A submit is on its way or the task runs. */
  busy: boolean;
  /** Slots filled by the last success. */
  filled: number | null;
  submit: (params: PosterCopyParams) => void;
}

export function usePosterFill(template: PosterTemplate, templateId: string, onFill: (slotTexts: SlotTexts) => void): PosterFill {
  const { t } = useI18n();
  const qc = useQueryClient();
  const create = useSubmitTask<PosterCopyParams>(POSTER_COPY_BIZ_TYPE);
  const [shown, setShown] = useState<FillTask | null>(() => pendingFillOf(templateId));
  const [filled, setFilled] = useState<number | null>(null);
  const { data, error } = useTask(shown?.taskId ?? null);
  const task = data && data.taskId === shown?.taskId ? data : undefined;
  const done = useRef<string | null>(null);
  // The latest callbacks and document, read when the task ends.
  const latest = useRef({ onFill, template, t });
  useEffect(() => {
    latest.current = { onFill, template, t };
  });

  useEffect(() => {
    if (!task || !isTerminal(task.status) || done.current === task.taskId) return;
    done.current = task.taskId;
    setPendingFill(templateId, null);
    // The coin count: a failure refunds.
    void qc.invalidateQueries({ queryKey: USER_INFO_QUERY_KEY });
    void qc.invalidateQueries({ queryKey: ['tasks', 'list'] });
    if (task.status !== 'SUCCESS') return;
    const words = slotTextsOf(task) ?? {};
    const n = fillableSlots(latest.current.template, words).length;
    setFilled(n);
    if (n > 0) {
      latest.current.onFill(words);
      toast.success(latest.current.t('posterFill.done', { n }));
    } else {
      toast.warning(latest.current.t('posterFill.nothing'));
    }
  }, [task, templateId, qc]);

  useEffect(() => {
    if (error) setPendingFill(templateId, null);
  }, [error, templateId]);

  const submit = (params: PosterCopyParams) => {
    create.submit(params, (taskId) => {
      const next = { taskId, startedAt: Date.now() };
      setPendingFill(templateId, next);
      setFilled(null);
      setShown(next);
    });
  };

  const running = !!shown && !error && !isTerminal(task?.status);
  return { shown, task, error, busy: create.isPending || running, filled, submit };
}
