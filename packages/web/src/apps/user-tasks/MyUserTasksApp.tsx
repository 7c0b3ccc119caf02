import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Container, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { useSession } from '../../platform/session.js';
import { NewTaskFlow } from './NewTaskFlow.js';
import { userTaskQueries } from './queries.js';
import { TaskCard } from './TaskCard.js';
import { visibleTasks } from './task-form.js';
import { useUserTasksLive } from './useUserTasksLive.js';
import './user-tasks.css';

/**
 * /my_user_tasks: a title filter, the refresh button and the scrolling list
 * of the user's active tasks, highest priority first. Task managers also get New and a link to
 * the task manager (overview and template editor).
 */
export function MyUserTasksApp() {
  const { t } = useTranslation(['userTasks', 'common', 'apps']);
  const errorText = useErrorText();
  const session = useSession();
  const userId = session.me?.user.id ?? 0;
  const manager = session.hasRole('userTaskManager');
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);
  const tasks = useQuery(userTaskQueries.current());
  useUserTasksLive();
  const shown = visibleTasks(tasks.data ?? [], filter);
  return (
    <Container fluid="lg" className="py-2 py-sm-3" data-testid="my-user-tasks">
      <h1 className="visually-hidden">{t('apps:myUserTasks')}</h1>
      <div className="d-flex gap-2 mb-2">
        <Form.Control
          type="search"
          size="lg"
          value={filter}
          placeholder={t('filterTitle')}
          aria-label={t('filterTitle')}
          onChange={(event) => setFilter(event.target.value)}
          data-testid="task-filter"
        />
        <Button
          variant="outline-secondary"
          size="lg"
          aria-label={t('common:refresh')}
          disabled={tasks.isFetching}
          onClick={() => void tasks.refetch()}
          data-testid="tasks-refresh"
        >
          <i className="bi bi-arrow-clockwise" aria-hidden="true" />
        </Button>
        {manager && (
          <Button size="lg" aria-label={t('new')} onClick={() => setCreating(true)} data-testid="task-new">
            <i className="bi bi-plus-lg" aria-hidden="true" />
            <span className="d-none d-sm-inline"> {t('new')}</span>
          </Button>
        )}
        {manager && (
          <Link to="/taskmanager" className="btn btn-outline-secondary btn-lg" aria-label={t('apps:taskManager')}>
            <i className="bi bi-person-workspace" aria-hidden="true" />
          </Link>
        )}
      </div>
      {tasks.isPending && <Spinner role="status" aria-label={t('common:loading')} />}
      {tasks.isError && <Alert variant="danger">{errorText(tasks.error)}</Alert>}
      {tasks.isSuccess && shown.length === 0 && (
        <p className="text-body-secondary" data-testid="tasks-empty">
          {t('noTasks')}
        </p>
      )}
      <div className="user-task-list" data-testid="task-list">
        {shown.map((task) => (
          <TaskCard key={task.id} task={task} userId={userId} />
        ))}
      </div>
      {creating && <NewTaskFlow onClose={() => setCreating(false)} />}
    </Container>
  );
}
