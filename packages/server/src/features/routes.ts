import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** Every feature's routes. Each feature folder exports one register function. */
export async function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
