export * from './exposure';
export * from './settlement';
export * from './green-up';
