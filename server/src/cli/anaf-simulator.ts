// npm run anaf:simulator [-- --port 8090] — ANAF's simulator alone (docs/ARCHITECTURE.md, "ANAF"): point a
// server at it with ANAF_MODE=simulator ANAF_BASE_URL=http://127.0.0.1:8090/. A development server without
// ANAF_BASE_URL starts its own; this one outlives restarts and can serve several servers.
import { startAnafSimulator } from '../infra/anaf/simulator.js';

const args = process.argv.slice(2);
const portAt = args.indexOf('--port');
const port = portAt >= 0 ? Number(args[portAt + 1]) : 8090;

const simulator = await startAnafSimulator({ port });
// The simulator's server is unref'd (tests); here it is the process's reason to live.
const keepAlive = setInterval(() => {}, 1 << 30);
console.log(`Simulatorul ANAF ascultă pe ${simulator.url}`);
console.log(`Pornește serverul cu ANAF_MODE=simulator ANAF_BASE_URL=${simulator.url}`);
const stop = () => {
  clearInterval(keepAlive);
  void simulator.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
