// Runs before every server test file, also when a worker's modules are shared between files (isolate: false).
import { restartUniqueSequence } from './factories.js';

restartUniqueSequence();
