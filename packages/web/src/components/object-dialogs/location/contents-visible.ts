/** Contents are hidden in wall-to-wall batching mode from everyone but admin. */
export function contentsVisible(operationMode: string, isAdmin: boolean): boolean {
  return operationMode !== 'WALL_TO_WALL_BATCHING_MODE' || isAdmin;
}
