import { z } from 'zod';
import { defineEndpoints, publicAccess } from './endpoint.js';

/** A file below the specialization bundle's folder (its relative path, slashes kept). */
export const frontendBundleParamsSchema = z.object({ '*': z.string().max(1000) });
export type FrontendBundleParams = z.infer<typeof frontendBundleParamsSchema>;

/**
 * The userdata endpoints: a customer's web specialization bundle, files under
 * DATA_DIR/userdata/frontend_bundle/, public because the web app checks for it before sign-in
 * (HEAD /userdata/frontend_bundle/main.js?v={timestamp}, then imports it). Not cached (the
 * client adds ?v=); 404 when absent.
 */
export const userdataEndpoints = defineEndpoints('userdata', {
  frontendBundle: {
    method: 'GET',
    path: '/userdata/frontend_bundle/*',
    access: publicAccess,
    params: frontendBundleParamsSchema,
    answer: null,
  },
});
