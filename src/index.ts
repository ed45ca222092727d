export * from './pagination/index';
export * from './hooks/index';
