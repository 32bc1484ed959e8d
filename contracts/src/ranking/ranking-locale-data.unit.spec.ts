// A browser's first Intl.Collator loads its locale data: 344 ms of a shared profile link's main
// thread at Lighthouse's 4x CPU slowdown. Ranking players whose names are printable ASCII (what
// the boards hold almost always) must not make one; other names still go through the collators.
// Its own file: the collators are made once per module, and this needs a module that has not.

test('ranking printable ASCII names makes no Intl.Collator; other names make the two', async () => {
  const made: string[] = [];
  const Original = Intl.Collator;
  // A subclass, so `new` and instanceof work as before; only the count is added.
  class CountingCollator extends Original {
    constructor(...args: ConstructorParameters<typeof Intl.Collator>) {
      super(...args);
      made.push(String(args[0]));
    }
  }
  Intl.Collator = CountingCollator as unknown as typeof Intl.Collator;
  try {
    const { rankPlayers } = await import('./ranking.js');
    // Every tie down to the name: same ELO, same wins.
    const tied = ['ghost', 'Ghost', 'alpha-1', "o'neil", 'Zed', 'zed 2', '_under'].map((username, i) => ({ id: i + 1, elo: 1000, wins: 0, username }));
    expect(rankPlayers(tied).map((player) => player.username)).toEqual(['_under', 'alpha-1', 'ghost', 'Ghost', "o'neil", 'Zed', 'zed 2']);
    expect(made).toEqual([]);

    rankPlayers([...tied, { id: 99, elo: 1000, wins: 0, username: 'Élodie' }]);
    expect(made).toEqual(['en', 'en']);
  } finally {
    Intl.Collator = Original;
  }
});
