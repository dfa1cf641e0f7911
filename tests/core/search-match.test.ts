import { MATCH_SCORE, matchOf, typosAllowed } from '../../core/catalog/domain/search-match';

describe('how a searched word matches a word of a product', () => {
  it.each([
    ['implant', 'implant', MATCH_SCORE.whole],
    ['practice', 'practice,', MATCH_SCORE.whole],
    ['photography', 'photography:', MATCH_SCORE.whole],
    ['implant', 'implantology', MATCH_SCORE.start],
    ['periodonto', 'periodontology', MATCH_SCORE.start],
    ['dontic', 'endodontics', MATCH_SCORE.part],
    ['endodntics', 'endodontics', MATCH_SCORE.typo],
    ['implnt', 'implantology', MATCH_SCORE.typo],
    ['orthodntcs', 'orthodontics', MATCH_SCORE.typo],
    ['periodontics', 'periodontal', MATCH_SCORE.typo],
    ['xylophone', 'endodontics', 0],
    ['implant', 'impact', 0],
  ])('%s in %s scores %d', (word, token, score) => {
    expect(matchOf(word, token)).toBe(score);
  });

  it('allows no typo in a short word or a word with a digit', () => {
    expect(typosAllowed('cad')).toBe(0);
    expect(typosAllowed('root')).toBe(1);
    expect(typosAllowed('clinical')).toBe(2);
    expect(typosAllowed('periodontics')).toBe(3);
    expect(matchOf('2023', '2022')).toBe(0);
    expect(matchOf('3rd', '2nd')).toBe(0);
    expect(matchOf('gum', 'gym')).toBe(0);
    expect(matchOf('root', 'boot')).toBe(MATCH_SCORE.typo);
  });

  it('finds a number as a part of a word', () => {
    expect(matchOf('2023', '2023')).toBe(MATCH_SCORE.whole);
    expect(matchOf('023', '2023,')).toBe(MATCH_SCORE.part);
  });
});

describe('how an Arabic searched word matches', () => {
  it.each([
    ['اسنان', 'الاسنان', MATCH_SCORE.whole],
    ['الاسنان', 'اسنان', MATCH_SCORE.whole],
    ['اطفال', 'للاطفال', MATCH_SCORE.whole],
    ['فم', 'الفم', MATCH_SCORE.whole],
    ['تركيب', 'التركيبات', MATCH_SCORE.start],
    ['تركيبت', 'تركيبات', MATCH_SCORE.typo],
    ['الاسناان', 'الاسنان', MATCH_SCORE.typo],
    // Four letters: one changed letter is another word (طبيب / حبيب), not a typo.
    ['طبيب', 'حبيب', 0],
    ['علاج', 'علاه', 0],
  ])('%s in %s scores %d', (word, token, score) => {
    expect(matchOf(word, token)).toBe(score);
  });

  it('counts the letters after the article: none up to 4, one from 5, two from 9', () => {
    expect(typosAllowed('طبيب')).toBe(0);
    expect(typosAllowed('الطبيب')).toBe(0);
    expect(typosAllowed('اسنان')).toBe(1);
    expect(typosAllowed('والاسنان')).toBe(1);
    expect(typosAllowed('الاستعاضات')).toBe(1);
    expect(typosAllowed('استعاضاتها')).toBe(2);
    expect(typosAllowed('اسنان2')).toBe(0);
  });

  it('keeps a short word that only looks like an article', () => {
    expect(matchOf('ال', 'الم')).toBe(MATCH_SCORE.start);
    expect(matchOf('الم', 'الم')).toBe(MATCH_SCORE.whole);
  });
});
