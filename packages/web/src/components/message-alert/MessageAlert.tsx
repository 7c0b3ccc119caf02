import Alert from 'react-bootstrap/Alert';

/** A screen's message: what the last action did, or why it failed (a translated text). */
export type ScreenMessage = { variant: 'success' | 'info' | 'warning' | 'danger'; text: string } | null;

/** The screen's message as a dismissible alert; nothing when there is none. */
export function MessageAlert({
  message,
  onClose,
  testId,
}: {
  message: ScreenMessage;
  onClose: () => void;
  testId: string;
}) {
  if (!message) return null;
  return (
    <Alert variant={message.variant} className="py-2" data-testid={testId} onClose={onClose} dismissible>
      {message.text}
    </Alert>
  );
}
