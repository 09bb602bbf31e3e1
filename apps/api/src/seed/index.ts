// The demo data's door: what the seed command and the benchmarks may use (eslint.config.js).
export { DEMO_PASSWORD, seedDemoData } from './demo-data.js';
