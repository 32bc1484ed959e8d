import { describe, expect, it } from 'vitest';
import { hasChanges, htmlToText, wordDiff } from './word-diff';

describe('htmlToText', () => {
  it('turns tags into word breaks and collapses white space', () => {
    expect(htmlToText('<p>Our <strong>story</strong></p><p>began</p>')).toBe('Our story began');
    expect(htmlToText('<h2>Title</h2>\n\n<ul><li>one</li><li>two</li></ul>')).toBe('Title one two');
  });

  it('decodes entities without ever interpreting markup', () => {
    expect(htmlToText('Tom &amp; Jerry &lt;b&gt; &quot;hi&quot; &#39;x&#39; &#x41;&nbsp;B')).toBe(`Tom & Jerry <b> "hi" 'x' A B`);
    expect(htmlToText('a<script>alert(1)</script>b<style>p{}</style>c')).toBe('a b c');
  });

  it('gives empty text for empty or missing values', () => {
    expect(htmlToText('')).toBe('');
    expect(htmlToText(null)).toBe('');
    expect(htmlToText(undefined)).toBe('');
    expect(htmlToText('<p><br></p>')).toBe('');
  });
});

describe('wordDiff', () => {
  it('marks nothing when the texts hold the same words', () => {
    expect(wordDiff('the quick  fox', 'the quick fox')).toEqual([{ kind: 'same', text: 'the quick fox' }]);
    expect(hasChanges(wordDiff('a b', 'a b'))).toBe(false);
  });

  it('shows a replaced word as removed then added, between kept runs', () => {
    expect(wordDiff('the quick brown fox jumps', 'the quick red fox jumps')).toEqual([
      { kind: 'same', text: 'the quick' },
      { kind: 'removed', text: 'brown' },
      { kind: 'added', text: 'red' },
      { kind: 'same', text: 'fox jumps' },
    ]);
  });

  it('finds the longest common subsequence, not just the common ends', () => {
    const parts = wordDiff('a b c d e f', 'x b c y e z');
    expect(parts).toEqual([
      { kind: 'removed', text: 'a' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'b c' },
      { kind: 'removed', text: 'd' },
      { kind: 'added', text: 'y' },
      { kind: 'same', text: 'e' },
      { kind: 'removed', text: 'f' },
      { kind: 'added', text: 'z' },
    ]);
    // Every word of both texts is accounted for, in order.
    const before = parts.filter((p) => p.kind !== 'added').map((p) => p.text).join(' ');
    const after = parts.filter((p) => p.kind !== 'removed').map((p) => p.text).join(' ');
    expect(before).toBe('a b c d e f');
    expect(after).toBe('x b c y e z');
  });

  it('handles pure additions, pure removals and empty sides', () => {
    expect(wordDiff('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
    expect(wordDiff('old text', '')).toEqual([{ kind: 'removed', text: 'old text' }]);
    expect(wordDiff('', '')).toEqual([]);
    expect(wordDiff('one two', 'one and a half two')).toEqual([
      { kind: 'same', text: 'one' },
      { kind: 'added', text: 'and a half' },
      { kind: 'same', text: 'two' },
    ]);
    expect(wordDiff('keep this and drop that', 'keep this')).toEqual([
      { kind: 'same', text: 'keep this' },
      { kind: 'removed', text: 'and drop that' },
    ]);
  });

  it('moves a word as one removal and one addition', () => {
    const parts = wordDiff('alpha beta gamma', 'beta gamma alpha');
    expect(parts).toEqual([
      { kind: 'removed', text: 'alpha' },
      { kind: 'same', text: 'beta gamma' },
      { kind: 'added', text: 'alpha' },
    ]);
  });

  it('diffs the text of rich HTML', () => {
    expect(wordDiff(htmlToText('<p>We won <b>3</b> titles</p>'), htmlToText('<p>We won <em>4</em> titles</p>'))).toEqual([
      { kind: 'same', text: 'We won' },
      { kind: 'removed', text: '3' },
      { kind: 'added', text: '4' },
      { kind: 'same', text: 'titles' },
    ]);
  });

  it('stays fast on long texts and falls back to a whole replacement past the table limit', () => {
    const long = Array.from({ length: 3000 }, (_, i) => `w${i}`);
    const edited = [...long];
    edited[1500] = 'changed';
    const started = performance.now();
    const small = wordDiff(long.join(' '), edited.join(' '));
    expect(small.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'w1500' },
      { kind: 'added', text: 'changed' },
    ]);

    const other = Array.from({ length: 3000 }, (_, i) => `v${i}`);
    const whole = wordDiff(`start ${long.join(' ')} end`, `start ${other.join(' ')} end`);
    expect(whole.map((p) => p.kind)).toEqual(['same', 'removed', 'added', 'same']);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
