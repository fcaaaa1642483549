// Same adapter under the name "tracery" (the scorer names an adapter after its file).
export { default } from './adapter.mjs';
