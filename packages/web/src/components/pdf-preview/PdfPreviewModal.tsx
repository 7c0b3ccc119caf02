import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

export const pdfResizeDebounceMs = 500;

/** The viewer's width, refreshed 500 ms after the window stops resizing. */
function useDebouncedWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), pdfResizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return width;
}

interface PdfPreviewModalProps {
  url: string | null;
  onHide: () => void;
  /** The name a download gets (a blob: URL has none of its own). */
  fileName?: string;
}

/**
 * A PDF shown full screen in the browser's own viewer, with Download and Close: one sent with
 * PREVIEW_PDF, or one an app made (a blob: URL).
 */
export function PdfPreviewModal({ url, onHide, fileName }: PdfPreviewModalProps) {
  const { t } = useTranslation();
  const width = useDebouncedWidth();
  return (
    <Modal show={url !== null} onHide={onHide} fullscreen data-testid="pdf-preview">
      <Modal.Header closeButton closeLabel={t('common:close')}>
        <Modal.Title as="h2" className="h5">
          {t('platform:pdfPreview')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0 d-flex">
        {url && (
          <iframe
            key={width}
            src={url}
            title={t('platform:pdfPreview')}
            style={{ border: 0, width: '100%', flexGrow: 1, minHeight: '60vh' }}
          />
        )}
      </Modal.Body>
      <Modal.Footer>
        {url && (
          <Button as="a" href={url} download={fileName ?? true} variant="outline-primary">
            {t('platform:download')}
          </Button>
        )}
        <Button variant="primary" onClick={onHide}>
          {t('common:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
