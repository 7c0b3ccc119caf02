import Button from 'react-bootstrap/Button';
import { keepScannerFocus } from '../../handheld/HandheldScreen.js';

interface ChoiceButtonsProps {
  choices: readonly { value: string; label: string }[];
  onChoose: (value: string) => void;
  testId: string;
}

/** Big buttons to choose one answer from (search results, the readings of a scan). */
export function ChoiceButtons({ choices, onChoose, testId }: ChoiceButtonsProps) {
  return (
    <div className="d-flex flex-column gap-2" data-testid={testId}>
      {choices.map((choice) => (
        <Button
          key={choice.value}
          variant="outline-primary"
          size="lg"
          className="text-start text-break"
          onMouseDown={keepScannerFocus}
          onClick={() => onChoose(choice.value)}
          data-testid={`${testId}-option`}
        >
          {choice.label}
        </Button>
      ))}
    </div>
  );
}
