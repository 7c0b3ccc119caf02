export * from './gs1.js';
export * from './compound.js';
