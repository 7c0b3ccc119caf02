import type { ReactNode } from 'react';
import Nav from 'react-bootstrap/Nav';
import Tab from 'react-bootstrap/Tab';

export interface TabDefinition<TId extends string> {
  id: TId;
  title: string;
  content: ReactNode;
}

interface ScrollTabsProps<TId extends string> {
  tabs: readonly TabDefinition<TId>[];
  active: TId;
  onSelect: (id: TId) => void;
  testId?: string;
}

/** Tabs whose headers scroll sideways on a phone instead of wrapping; panes mount when first shown. */
export function ScrollTabs<TId extends string>({ tabs, active, onSelect, testId }: ScrollTabsProps<TId>) {
  const shown = tabs.find((tab) => tab.id === active) ?? tabs[0];
  if (!shown) return null;
  return (
    <Tab.Container activeKey={shown.id} onSelect={(key) => key && onSelect(key as TId)}>
      <Nav
        variant="tabs"
        className="flex-nowrap overflow-x-auto overflow-y-hidden text-nowrap mb-3"
        role="tablist"
        data-testid={testId}
      >
        {tabs.map((tab) => (
          <Nav.Item key={tab.id}>
            <Nav.Link eventKey={tab.id} className="py-2 px-3" data-testid={`tab-${tab.id}`}>
              {tab.title}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <Tab.Content>
        {tabs.map((tab) => (
          <Tab.Pane key={tab.id} eventKey={tab.id} mountOnEnter data-testid={`pane-${tab.id}`}>
            {tab.content}
          </Tab.Pane>
        ))}
      </Tab.Content>
    </Tab.Container>
  );
}
