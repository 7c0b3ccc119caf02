/// <reference types="vite/client" />

/** The product version (root package.json), sent as AppVersion on every API request. */
declare const __APP_VERSION__: string;
