import { useEffect, useState } from 'react';

/** A QR code of the text as an image (rendered in the browser, no server round trip). */
export function QrCode({ text, size = 128, label }: { text: string; size?: number; label: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    // The QR library loads on demand: most sign-ins never show a code.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(text, { margin: 1, width: size * 2, errorCorrectionLevel: 'M' }))
      .then(
        (url) => {
          if (!cancelled) setDataUrl(url);
        },
        () => {
          if (!cancelled) setDataUrl(null);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [text, size]);
  if (!dataUrl) return <div style={{ width: size, height: size }} />;
  return <img src={dataUrl} width={size} height={size} alt={label} title={text} data-testid="qr-code" />;
}
