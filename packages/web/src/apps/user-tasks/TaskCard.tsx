import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPlaceholders, type UserTask } from '@wms/contract';
import { useState } from 'react';
import { Badge, Button, Card, Collapse } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import { formatDateTime } from '../../components/object-dialogs/format.js';
import { notify } from '../../platform/notifications.js';
import { userTaskQueries } from './queries.js';
import { hasRunningTimer } from './task-form.js';
import { userTasksApi } from './user-tasks-api.js';
import { WorkedTimesDialog } from './WorkedTimesDialog.js';

interface TaskCardProps {
  task: UserTask;
  userId: number;
}

/**
 * One task of /my_user_tasks: title, creation date, a timer icon while the
 * user's timer runs, a share icon for several users, the border color; it expands to the text
 * (line breaks kept) and the task's buttons. Actions: worked times, claim (shared tasks), finish.
 */
export function TaskCard({ task, userId }: TaskCardProps) {
  const { t } = useTranslation('userTasks');
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const [confirmFinish, setConfirmFinish] = useState(false);
  const [showTimes, setShowTimes] = useState(false);
  const refresh = () => queryClient.invalidateQueries(userTaskQueries.all());
  const claim = useMutation({ mutationFn: () => userTasksApi.claim(task.id), onSettled: refresh });
  const finish = useMutation({
    mutationFn: () => userTasksApi.finish(task.id),
    onSuccess: () => notify('success', 'userTasks:taskFinished', { title: task.title }),
    onSettled: refresh,
  });
  const press = useMutation({
    mutationFn: (button: UserTask['buttons'][number]) =>
      userTasksApi.pressButton(
        task.id,
        button.id,
        button.params.map((param) => fillPlaceholders(param, task.parameters)),
      ),
    onSuccess: (_answer, button) => notify('success', 'userTasks:buttonPressed', { title: button.title }),
  });
  const shared = task.users.length > 1;
  const running = hasRunningTimer(task, userId);
  const bodyId = `user-task-body-${task.id}`;
  return (
    <Card
      className="user-task-card mb-2"
      style={task.borderColor ? { borderColor: task.borderColor } : undefined}
      data-testid={`task-card-${task.id}`}
    >
      <Card.Header
        as="button"
        type="button"
        className="user-task-header d-flex align-items-center gap-2 text-start w-100 border-0 bg-body"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={() => setExpanded((open) => !open)}
        data-testid="task-card-toggle"
      >
        <span className="flex-grow-1 min-w-0">
          <span className="fw-semibold d-block text-truncate" data-testid="task-title">
            {task.title}
          </span>
          <small className="text-body-secondary">{formatDateTime(task.createdAt)}</small>
        </span>
        {running && (
          <i className="bi bi-stopwatch text-success fs-5" title={t('timerRunning')} data-testid="task-timer-icon" />
        )}
        {shared && <i className="bi bi-people fs-5" title={t('sharedTask')} data-testid="task-share-icon" />}
        {task.claimedByUser !== null && <Badge bg="secondary">{t('claimed')}</Badge>}
        <i className={`bi ${expanded ? 'bi-chevron-up' : 'bi-chevron-down'}`} aria-hidden="true" />
      </Card.Header>
      <Collapse in={expanded}>
        <div id={bodyId}>
          <Card.Body className="pt-2">
            <p className="user-task-text mb-2" data-testid="task-text">
              {task.text}
            </p>
            {task.buttons.length > 0 && (
              <div className="d-flex flex-wrap gap-2">
                {task.buttons.map((button) => (
                  <Button
                    key={button.id}
                    variant={button.color}
                    size="lg"
                    disabled={press.isPending}
                    onClick={() => press.mutate(button)}
                    data-testid={`task-button-${button.id}`}
                  >
                    {button.title}
                  </Button>
                ))}
              </div>
            )}
          </Card.Body>
        </div>
      </Collapse>
      <Card.Footer className="d-flex gap-2 justify-content-end">
        <Button
          variant="outline-secondary"
          size="lg"
          onClick={() => setShowTimes(true)}
          aria-label={t('workedTimes')}
          data-testid="task-worked-times"
        >
          <i className="bi bi-clock-history" aria-hidden="true" />
          <span className="d-none d-sm-inline"> {t('workedTimes')}</span>
        </Button>
        {shared && (
          <Button
            variant="outline-primary"
            size="lg"
            disabled={task.claimedByUser !== null || claim.isPending}
            onClick={() => claim.mutate()}
            data-testid="task-claim"
          >
            <i className="bi bi-hand-index" aria-hidden="true" /> {t('claim')}
          </Button>
        )}
        <Button
          variant="outline-success"
          size="lg"
          disabled={finish.isPending}
          onClick={() => setConfirmFinish(true)}
          aria-label={t('finish')}
          data-testid="task-finish"
        >
          <i className="bi bi-flag" aria-hidden="true" />
        </Button>
      </Card.Footer>
      <ConfirmDialog
        show={confirmFinish}
        message={t('confirmFinish', { title: task.title })}
        confirmLabel={t('finish')}
        onCancel={() => setConfirmFinish(false)}
        onConfirm={() => {
          setConfirmFinish(false);
          finish.mutate();
        }}
      />
      {showTimes && <WorkedTimesDialog task={task} userId={userId} onClose={() => setShowTimes(false)} />}
    </Card>
  );
}
