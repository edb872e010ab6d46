import * as nodeModule from 'node:module';

// Imported first by each entry point, so that it covers the ~2,000 modules a start loads: Node 22 then keeps their
// compiled code on disk (in the OS's temporary folder, or NODE_COMPILE_CACHE) and the next start reads it instead
// of compiling again. Node 20 has no such cache; there this does nothing.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
