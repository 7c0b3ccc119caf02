import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

export interface NameDialogProps {
  show: boolean;
  title: string;
  initialName: string;
  /** Albums to choose from (a move); absent for a plain name. */
  albums?: { options: string[]; initial: string };
  onCancel: () => void;
  /** Resolves when done (the dialog closes itself through onCancel/parent state). */
  onSubmit: (name: string, album: string | null) => Promise<void>;
}

/** Asks for a name (new album, rename) and optionally an album (move), with big touch targets. */
export function NameDialog({ show, title, initialName, albums, onCancel, onSubmit }: NameDialogProps) {
  const { t } = useTranslation(['capture', 'common']);
  const [name, setName] = useState(initialName);
  const [album, setAlbum] = useState(albums?.initial ?? '');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!show) return;
    setName(initialName);
    setAlbum(albums?.initial ?? '');
  }, [show, initialName, albums?.initial]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    setBusy(true);
    try {
      await onSubmit(name.trim(), albums ? album : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={onCancel} centered data-testid="name-dialog">
      <Form onSubmit={(event) => void handleSubmit(event)}>
        <Modal.Header closeButton>
          <Modal.Title className="h5">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {albums && (
            <Form.Group className="mb-3" controlId="media-move-album">
              <Form.Label>{t('library.album')}</Form.Label>
              <Form.Select size="lg" value={album} onChange={(event) => setAlbum(event.target.value)}>
                {albums.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          <Form.Group controlId="media-name">
            <Form.Label>{t('library.name')}</Form.Label>
            <Form.Control
              size="lg"
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoComplete="off"
              autoFocus
              maxLength={200}
              data-testid="name-dialog-input"
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button size="lg" variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button size="lg" type="submit" disabled={busy || name.trim() === ''} data-testid="name-dialog-save">
            {t('common:save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
