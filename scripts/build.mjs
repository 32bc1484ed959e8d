import { build, ensureInstalled } from './lib/prepare.mjs';

ensureInstalled();
build();
