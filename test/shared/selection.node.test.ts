import { describe, expect, it } from 'vitest';
import {
  countOf,
  defaultSelectionLabels,
  describeSelection,
  isSelectedIn,
  NO_SELECTION,
  pageStateOf,
  rangeOf,
  setRows,
  type Selection,
} from '../../src/shared/selection';

const say = (selection: Selection, total: number | undefined) =>
  describeSelection(selection, total, defaultSelectionLabels, new Intl.NumberFormat('en').format);

describe('a selection across pages', () => {
  it('keeps ids picked one by one, whatever page they were on', () => {
    let selection = setRows(NO_SELECTION, ['a', 'b'], true);
    selection = setRows(selection, ['x'], true);
    selection = setRows(selection, ['a'], false);
    expect(selection.allMatching ? [] : [...selection.ids]).toEqual(['b', 'x']);
    expect(countOf(selection, 437)).toBe(2);
    expect(say(selection, 437)).toBe('2 selected.');
  });

  it('"all matching" is a set of exclusions: unticking excludes, ticking again includes', () => {
    let selection: Selection = { allMatching: true, except: new Set() };
    expect(say(selection, 1437)).toBe('All 1,437 selected.');
    selection = setRows(selection, ['a'], false);
    expect(isSelectedIn(selection, 'a')).toBe(false);
    expect(isSelectedIn(selection, 'never-seen')).toBe(true);
    expect(say(selection, 437)).toBe('436 of 437 selected.');
    selection = setRows(selection, ['a'], true);
    expect(say(selection, 437)).toBe('All 437 selected.');
  });

  it('says "all matching" without a count while the total is unknown', () => {
    const all: Selection = { allMatching: true, except: new Set() };
    expect(countOf(all, undefined)).toBeUndefined();
    expect(say(all, undefined)).toBe('All matching rows selected.');
    expect(say(setRows(all, ['a'], false), undefined)).toBe('All matching rows but 1 selected.');
    expect(say(NO_SELECTION, undefined)).toBe('No rows selected.');
  });

  it('a range runs between the anchor and the row clicked, either way, on the page shown', () => {
    const page = ['a', 'b', 'c', 'd', 'e'];
    expect(rangeOf(page, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(rangeOf(page, 'd', 'b')).toEqual(['b', 'c', 'd']);
    expect(rangeOf(page, 'z', 'c')).toEqual(['c']);
    expect(rangeOf(page, undefined, 'c')).toEqual(['c']);
  });

  it('the page checkbox is all, some or none of the page', () => {
    const selection = setRows(NO_SELECTION, ['a', 'b'], true);
    expect(pageStateOf(selection, ['a', 'b'])).toBe('all');
    expect(pageStateOf(selection, ['a', 'c'])).toBe('some');
    expect(pageStateOf(selection, ['c'])).toBe('none');
  });
});
