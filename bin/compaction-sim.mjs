#!/usr/bin/env node
// The installed `compaction-sim` command: the package ships TypeScript sources, so register tsx's
// loader in this process, then run the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
