import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';

interface Choice {
  itemCode: string;
  itemName: string;
}

/** A batch or serial code that exists for several items: the user picks the item. */
export function ItemChooser<T extends Choice>({
  choices,
  onChoose,
}: {
  choices: readonly T[];
  onChoose: (choice: T) => void;
}) {
  const { t } = useTranslation('objects');
  return (
    <>
      <p>{t('chooseItem')}</p>
      <ListGroup data-testid="item-chooser">
        {choices.map((choice) => (
          <ListGroup.Item key={choice.itemCode} action className="py-3" onClick={() => onChoose(choice)}>
            <span className="fw-semibold">{choice.itemCode}</span>
            <span className="text-body-secondary ms-2">{choice.itemName}</span>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </>
  );
}
