export * from './types';
export * from './api';
export * from './labels';
export * from './ui';
