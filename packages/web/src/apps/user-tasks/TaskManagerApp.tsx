import { useState } from 'react';
import { Container, Nav, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { TaskOverviewTable } from './TaskOverviewTable.js';
import { TemplateEditor } from './TemplateEditor.js';
import { useUserTasksLive } from './useUserTasksLive.js';
import './user-tasks.css';

type TabId = 'tasks' | 'templates';

/** /taskmanager (userTaskManager): the task overview table and the template editor. */
export function TaskManagerApp() {
  const { t } = useTranslation(['userTasks', 'apps']);
  const [active, setActive] = useState<TabId>('tasks');
  useUserTasksLive();
  return (
    <Container fluid="xl" className="py-2 py-sm-3" data-testid="task-manager">
      <h1 className="visually-hidden">{t('apps:taskManager')}</h1>
      <Tab.Container activeKey={active} onSelect={(key) => key && setActive(key as TabId)}>
        <Nav variant="underline" className="mb-3 column-gap-3 border-bottom" role="tablist">
          <Nav.Item>
            <Nav.Link eventKey="tasks" data-testid="task-manager-tab-tasks">
              {t('tab.tasks')}
            </Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link eventKey="templates" data-testid="task-manager-tab-templates">
              {t('tab.templates')}
            </Nav.Link>
          </Nav.Item>
        </Nav>
        <Tab.Content>
          <Tab.Pane eventKey="tasks" mountOnEnter unmountOnExit>
            <TaskOverviewTable />
          </Tab.Pane>
          <Tab.Pane eventKey="templates" mountOnEnter unmountOnExit>
            <TemplateEditor />
          </Tab.Pane>
        </Tab.Content>
      </Tab.Container>
    </Container>
  );
}
