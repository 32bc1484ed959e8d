import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLoadChunkName } from './first-load-chunks';

let root: string;

/** Writes `files` (path → source) under a fresh src folder. */
function project(files: Record<string, string>) {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  const srcDir = path.join(root, 'src');
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(srcDir, file)), { recursive: true });
    fs.writeFileSync(path.join(srcDir, file), source);
  }
  const at = (file: string) => path.join(srcDir, file);
  return { srcDir, at, contractsEntry: at('contracts.ts'), entry: at('main.tsx') };
}

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('firstLoadChunkName', () => {
  it('names modules by the areas of the screens sharing them; the shell and single-use modules get none', () => {
    const { at, ...options } = project({
      'main.tsx': "import { shell } from './shell';\nimport type { Hidden } from './hidden';",
      'shell.ts': 'export const shell = 1;',
      'hidden.ts': 'export type Hidden = 1;',
      'contracts.ts': 'export const rule = 1;',
      'home.tsx': "import { panel } from '@/ui/panel';\nimport { text } from './text';\nimport { shell } from './shell';\nconst later = () => import('./dialog');",
      'about.tsx': "import { text } from './text';\nimport { panel } from '@/ui/panel';",
      'board.tsx': "import { panel } from '@/ui/panel';\nimport { badge } from './badge';\nimport { rule } from '@team/contracts';",
      'players.tsx': "export { badge } from './badge';\nimport { rule } from '@team/contracts';",
      'ui/panel.tsx': 'export const panel = 1;',
      'text.ts': 'export const text = 1;',
      'badge.ts': 'export const badge = 1;',
      'dialog.tsx': "import 'antd';",
    });
    const name = firstLoadChunkName({
      ...options,
      screens: [
        { file: at('home.tsx'), area: 'content' },
        { file: at('about.tsx'), area: 'content' },
        { file: at('board.tsx'), area: 'tracker' },
        { file: at('players.tsx'), area: 'tracker' },
      ],
    });
    expect(name(at('ui/panel.tsx'))).toBe('screens-shared');
    expect(name(at('text.ts'))).toBe('content-shared');
    expect(name(at('badge.ts'))).toBe('tracker-shared');
    expect(name(at('contracts.ts'))).toBe('tracker-shared');
    expect(name(at('shell.ts'))).toBeNull();
    expect(name(at('home.tsx'))).toBeNull();
    // Reached only through import(): not a first-load module.
    expect(name(at('dialog.tsx'))).toBeNull();
  });

  it('counts what a layout imports as shared by every screen of its area', () => {
    const { at, ...options } = project({
      'main.tsx': '',
      'contracts.ts': '',
      'layout.tsx': "import { hint } from './hint';",
      'hint.ts': 'export const hint = 1;',
      'board.tsx': '',
    });
    const name = firstLoadChunkName({
      ...options,
      screens: [
        { file: at('layout.tsx'), area: 'tracker', layout: true },
        { file: at('board.tsx'), area: 'tracker' },
      ],
    });
    expect(name(at('hint.ts'))).toBe('tracker-shared');
  });

  it('fails the build when a public screen imports a heavy library statically, naming the chain', () => {
    const { at, ...options } = project({
      'main.tsx': '',
      'contracts.ts': '',
      'home.tsx': "import { Card } from './card';",
      'card.tsx': "import { Card } from 'antd';\nexport { Card };",
    });
    expect(() => firstLoadChunkName({ ...options, screens: [{ file: at('home.tsx'), area: 'content' }] })).toThrow(
      "home.tsx → card.tsx imports antd: a public screen must not load antd on first paint (load it on demand)",
    );
  });

  it('holds the light on-demand modules to the same rule, without counting them as a screen', () => {
    const { at, ...options } = project({
      'main.tsx': '',
      'contracts.ts': '',
      'players.tsx': "import { Panel } from './panel';",
      'panel.tsx': 'export const Panel = 1;',
      'profile.tsx': "import { Panel } from './panel';\nimport { Modal } from 'antd';",
    });
    const screens = [{ file: at('players.tsx'), area: 'tracker' as const }];
    expect(() => firstLoadChunkName({ ...options, screens, lightOnDemand: [at('profile.tsx')] })).toThrow(
      'profile.tsx imports antd: it must load antd only with what needs it (an admin control), not for every visitor',
    );

    fs.writeFileSync(at('profile.tsx'), "import { Panel } from './panel';\nconst Modal = () => import('antd');");
    const name = firstLoadChunkName({ ...options, screens, lightOnDemand: [at('profile.tsx')] });
    // One screen uses the panel: the profile does not make it shared.
    expect(name(at('panel.tsx'))).toBeNull();
  });

  it('puts a style sheet the screens share with the modules that import it, not in a screen’s own chunk', () => {
    const { at, ...options } = project({
      'main.tsx': '',
      'contracts.ts': '',
      'layout.tsx': "import { Live } from './live';",
      'board.tsx': "import { Live } from './live';",
      'live.tsx': "import './live.css';\nexport const Live = 1;",
      'live.css': '.live { color: green; }',
      'board.css': '.board { color: red; }',
      'players.tsx': "import './board.css';",
    });
    const name = firstLoadChunkName({
      ...options,
      screens: [
        { file: at('layout.tsx'), area: 'tracker', layout: true },
        { file: at('board.tsx'), area: 'tracker' },
        { file: at('players.tsx'), area: 'tracker' },
      ],
    });
    expect(name(at('live.tsx'))).toBe('tracker-shared');
    expect(name(at('live.css'))).toBe('tracker-shared');
    // One screen's own sheet stays with that screen.
    expect(name(at('board.css'))).toBeNull();
  });
});
