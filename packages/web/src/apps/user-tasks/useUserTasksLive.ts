import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { userTaskCounterPath } from '@wms/contract';
import { useCounter, useLiveMessage } from '../../platform/live.js';
import { userTaskQueries } from './queries.js';

/**
 * Keeps the task screens fresh. The shell's live connection subscribes to
 * topics.userTasks() for every signed-in user and shows the info notifications ('a new user task
 * was added', '{by} claimed ...', '{by} completed ...'), so this only refetches: on NEW_USER_TASK,
 * USER_TASKS_CLAIMED_BY and USER_TASKS_COMPLETED_ONE, and whenever the /my_user_tasks counter
 * changes (a task edited, reassigned or deleted by a task manager sends only the counter).
 */
export function useUserTasksLive(): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries(userTaskQueries.all());
  useLiveMessage('NEW_USER_TASK', refetch);
  useLiveMessage('USER_TASKS_CLAIMED_BY', refetch);
  useLiveMessage('USER_TASKS_COMPLETED_ONE', refetch);
  const count = useCounter(userTaskCounterPath);
  const previous = useRef(count);
  useEffect(() => {
    if (previous.current === count) return;
    previous.current = count;
    void queryClient.invalidateQueries({ queryKey: userTaskQueries.current().queryKey });
  }, [count, queryClient]);
}
