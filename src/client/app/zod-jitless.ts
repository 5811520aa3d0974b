// Zod compiles object parsers with `new Function` unless told not to; the page policy forbids
// eval, and even Zod's probe for it ("can I eval?") is reported as a policy violation. Imported
// first by main.tsx, so no schema is parsed before this is set.
import { config } from 'zod';

config({ jitless: true });
