const pad = (value: number) => String(value).padStart(2, '0');

/** Elapsed time between two moments as H:MM:SS (never negative). */
export function formatElapsed(startIso: string, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - Date.parse(startIso)) / 1000));
  const hours = Math.floor(seconds / 3600);
  return `${hours}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
