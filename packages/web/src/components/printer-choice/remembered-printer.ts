/**
 * The printer the user chose with 'remember' (remembered until reload). It is
 * kept in memory only, so a reload, another tab or another user of the device asks again.
 */
let remembered: number | null = null;

export function rememberedPrinter(): number | null {
  return remembered;
}

export function rememberPrinter(printerId: number | null): void {
  remembered = printerId;
}
