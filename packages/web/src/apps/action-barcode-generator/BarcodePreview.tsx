import type { BarcodeSymbology } from '@wms/contract';
import { useEffect, useState } from 'react';
import { code128Bars } from './code128.js';

/** Height of the Code 128 bars, in modules. */
const barHeight = 60;

function Code128Svg({ content, label }: { content: string; label: string }) {
  const { bars, modules } = code128Bars(content);
  return (
    <svg
      viewBox={`0 0 ${modules} ${barHeight}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      style={{ width: '100%', maxWidth: modules * 2, height: 80, background: '#fff' }}
      shapeRendering="crispEdges"
    >
      {bars.map((bar) => (
        <rect key={bar.x} x={bar.x} y={0} width={bar.width} height={barHeight} fill="#000" />
      ))}
    </svg>
  );
}

function QrImage({ content, label }: { content: string; label: string }) {
  const [image, setImage] = useState<{ content: string; url: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    // The QR library loads on demand, as the sign-in's device code does.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(content, { margin: 4, width: 480, errorCorrectionLevel: 'M' }))
      .then(
        (url) => !cancelled && setImage({ content, url }),
        () => !cancelled && setImage(null),
      );
    return () => {
      cancelled = true;
    };
  }, [content]);
  if (image?.content !== content) return <div style={{ width: 240, height: 240 }} />;
  return <img src={image.url} width={240} height={240} alt={label} />;
}

/**
 * The barcode as it will be printed: a Code 128 drawn here, or a QR code. The content is also
 * kept in data-content, so what a scanner would read can be checked without a camera.
 */
export function BarcodePreview({
  content,
  symbology,
  label,
}: {
  content: string;
  symbology: BarcodeSymbology;
  label: string;
}) {
  return (
    <figure
      className="mb-0 text-center"
      data-testid="action-barcode-preview"
      data-content={content}
      data-symbology={symbology}
    >
      {symbology === 'code128' ? (
        <Code128Svg content={content} label={label} />
      ) : (
        <QrImage content={content} label={label} />
      )}
      <figcaption className="small text-body-secondary text-break font-monospace mt-1">{content}</figcaption>
    </figure>
  );
}
