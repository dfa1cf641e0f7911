import { normalizedForSearch, searchTextOf } from '../../core/catalog/domain/search-text';
import { searchWords } from '../../core/catalog/domain/search';

describe('the spelling search compares (Arabic as its readers expect)', () => {
  it.each([
    ['alef with hamza above', 'أسنان', 'اسنان'],
    ['alef with hamza below', 'إصلاح', 'اصلاح'],
    ['alef with madda', 'آلة', 'اله'],
    ['alef wasla', 'ٱلفم', 'الفم'],
    ['a decomposed hamza (alef + U+0654)', 'ا\u0654سنان', 'اسنان'],
    ['taa marbuta as haa', 'جراحة', 'جراحه'],
    ['alef maqsura as yaa', 'مستشفى', 'مستشفي'],
    ['the Persian yeh as yaa', 'علی', 'علي'],
    ['tashkeel dropped', 'تَقْوِيمُ الأَسْنَانِ', 'تقويم الاسنان'],
    ['shadda and tanween dropped', 'طبٌّ', 'طب'],
    ['the dagger alef dropped', 'هٰذا', 'هذا'],
    ['Quranic marks dropped', 'علاج\u06d6', 'علاج'],
    ['tatweel dropped', 'طـــب', 'طب'],
    ['Arabic-Indic digits', '٢٠٢٣', '2023'],
    ['Eastern Arabic-Indic digits', '۱۹۹۸', '1998'],
    ['presentation forms (as PDFs paste them)', 'ﻻ', 'لا'],
    ['Latin lower-cased only', 'Clinical Endodontics 3rd', 'clinical endodontics 3rd'],
  ])('%s', (_what, written, searched) => {
    expect(normalizedForSearch(written)).toBe(searched);
  });

  it('leaves nothing of a word of diacritics only, or of tatweels', () => {
    expect(searchWords('ً ٌ ٍ')).toEqual([]);
    expect(searchWords('ـــ')).toEqual([]);
    expect(searchWords('َ implant')).toEqual(['implant']);
  });

  it('brings a query and the catalogue to one spelling, mixed scripts too', () => {
    expect(searchWords('تَرْكِيبَات Fixed ٢٠٢٣')).toEqual(['تركيبات', 'fixed', '2023']);
  });

  it('searches the English title and authors first, then the Arabic title and description', () => {
    const text = searchTextOf({ title: 'Fixed Prosthodontics', author: ['Rosenstiel'], arabicTitle: 'التركيبات الثابتة', arabicDescription: 'دليل طلبة طب الأسنان' });
    expect(text).toBe('fixed prosthodontics rosenstiel التركيبات الثابته دليل طلبه طب الاسنان');
    expect(searchTextOf({ title: 'Atlas', author: [] })).toBe('atlas');
  });
});
