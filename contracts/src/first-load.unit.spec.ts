// The front end's first chunk holds every contracts module a public page imports, and runs
// their top-level code on each page's first load. A browser's first toLocaleString (or Intl
// formatter) loads its locale data there: about 180 ms of blocking time in Lighthouse's mobile
// run (4× CPU), for messages no page shows on load. Loading the contracts must format nothing.

test('loading the contracts formats no number, date or string by locale', async () => {
  const calls: string[] = [];
  const watch = <T extends object>(target: T, name: keyof T & string, label: string) => {
    const original = target[name] as (...args: unknown[]) => unknown;
    (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      calls.push(label);
      return original.apply(this, args);
    };
    return () => {
      (target as Record<string, unknown>)[name] = original;
    };
  };
  const restore = [
    watch(Number.prototype, 'toLocaleString', 'Number#toLocaleString'),
    watch(Date.prototype, 'toLocaleString', 'Date#toLocaleString'),
    watch(Date.prototype, 'toLocaleDateString', 'Date#toLocaleDateString'),
    watch(String.prototype, 'localeCompare', 'String#localeCompare'),
  ];
  try {
    await import('./index.js');
  } finally {
    for (const undo of restore) undo();
  }
  expect(calls).toEqual([]);
});
