/**
 * A large, deterministic catalogue for benchmarks (e.g. 100,000 products). Titles are assembled from
 * dental word lists, so searches such as 'endodontics', 'implant' or 'orthodontic' find many
 * products; authors come from name lists. The same seed always gives the same products, and product
 * number i is the same whatever the batch size. Ids start with 'b16c', so they never meet the demo
 * ids ('64d0c0de...').
 */
import { BookCategory, FORMATS, LANGUAGES, NewProduct, ProductType } from '../../../core/catalog/domain/product';
import { egp, usd } from '../../../core/shared/money';

/** How many generic covers `scripts/make-covers.ts` writes (`/covers/generic-<k>.webp`). */
export const GENERIC_COVER_COUNT = 6;

export const LARGE_ID_PREFIX = 'b16c';
export const largeId = (i: number): string => `${LARGE_ID_PREFIX}${i.toString(16).padStart(20, '0')}`;

/** The newest `createdAt` of the large catalogue; the rest spread over the two years before it. */
const NEWEST = Date.parse('2026-11-14T18:00:00.000Z');
const SPAN_MS = 2 * 365 * 24 * 60 * 60 * 1000;
const EGP_PER_USD = 50;

/** mulberry32: small, fast, seeded. */
const prng = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** 'Cone-Beam CT Imaging' → 'cone-beam CT imaging' (acronyms kept). */
const inSentence = (name: string): string =>
  name
    .split(' ')
    .map((w) => (/^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w))
    .join(' ');

interface Topic {
  readonly name: string;
  readonly categories: readonly BookCategory[];
}

const TOPIC_LIST: readonly Topic[] = [
  { name: 'Endodontics', categories: ['Endodontics'] },
  { name: 'Root Canal Treatment', categories: ['Endodontics'] },
  { name: 'Endodontic Microsurgery', categories: ['Endodontics', 'Oral & maxillofacial surgery'] },
  { name: 'Regenerative Endodontics', categories: ['Endodontics', 'Pediatric dentistry'] },
  { name: 'Implant Dentistry', categories: ['Implantology'] },
  { name: 'Dental Implant Surgery', categories: ['Implantology', 'Oral & maxillofacial surgery'] },
  { name: 'Implant Prosthodontics', categories: ['Implantology', 'Prosthodontics'] },
  { name: 'Orthodontics', categories: ['Orthodontics'] },
  { name: 'Orthodontic Biomechanics', categories: ['Orthodontics'] },
  { name: 'Orthodontic Treatment Planning', categories: ['Orthodontics', 'Interdisciplinary'] },
  { name: 'Clear Aligner Orthodontics', categories: ['Orthodontics', 'Digital dentistry'] },
  { name: 'Periodontology', categories: ['Periodontics'] },
  { name: 'Periodontal Surgery', categories: ['Periodontics', 'Oral & maxillofacial surgery'] },
  { name: 'Fixed Prosthodontics', categories: ['Prosthodontics'] },
  { name: 'Removable Prosthodontics', categories: ['Prosthodontics'] },
  { name: 'Dental Materials', categories: ['Dental Material'] },
  { name: 'Dental Ceramics', categories: ['Dental Material', 'Restorative Dentistry'] },
  { name: 'Oral Radiology', categories: ['Dental radiology'] },
  { name: 'Cone-Beam CT Imaging', categories: ['Dental radiology', 'Radiology and photography'] },
  { name: 'Dental Photography', categories: ['Radiology and photography'] },
  { name: 'Operative Dentistry', categories: ['Operative dentistry'] },
  { name: 'Cariology', categories: ['Operative dentistry', 'General Dentistry'] },
  { name: 'Oral Surgery', categories: ['Oral & maxillofacial surgery'] },
  { name: 'Maxillofacial Trauma', categories: ['Oral & maxillofacial surgery'] },
  { name: 'Paediatric Dentistry', categories: ['Pediatric dentistry'] },
  { name: 'Digital Dentistry', categories: ['Digital dentistry'] },
  { name: 'CAD/CAM Dentistry', categories: ['Digital dentistry', 'Dental technician'] },
  { name: 'Esthetic Dentistry', categories: ['Esthetic dentistry'] },
  { name: 'Smile Design', categories: ['Esthetic dentistry', 'Digital dentistry'] },
  { name: 'Restorative Dentistry', categories: ['Restorative Dentistry'] },
  { name: 'Adhesive Dentistry', categories: ['Restorative Dentistry', 'Dental Material'] },
  { name: 'Dental Anatomy', categories: ['Anatomy'] },
  { name: 'Head and Neck Anatomy', categories: ['Anatomy'] },
  { name: 'Dental Laboratory Technology', categories: ['Dental technician'] },
  { name: 'Myofunctional Therapy', categories: ['Functional Therapy'] },
  { name: 'Occlusion and TMD', categories: ['Functional Therapy', 'Prosthodontics'] },
  { name: 'Interdisciplinary Dentistry', categories: ['Interdisciplinary'] },
  { name: 'General Dental Practice', categories: ['General Dentistry'] },
  { name: 'Oral Medicine', categories: ['General Dentistry', 'Interdisciplinary'] },
];

/** Each topic as Egyptian dentists name it in Arabic (issue 20: Arabic titles on part of the catalogue). */
const ARABIC_TOPIC: Readonly<Record<string, string>> = {
  Endodontics: 'علاج جذور الأسنان',
  'Root Canal Treatment': 'علاج قنوات الجذور',
  'Endodontic Microsurgery': 'الجراحة المجهرية لعلاج الجذور',
  'Regenerative Endodontics': 'علاج اللب التجديدي',
  'Implant Dentistry': 'زراعة الأسنان',
  'Dental Implant Surgery': 'جراحة زراعة الأسنان',
  'Implant Prosthodontics': 'التركيبات على الزرعات',
  Orthodontics: 'تقويم الأسنان',
  'Orthodontic Biomechanics': 'الميكانيكا الحيوية في تقويم الأسنان',
  'Orthodontic Treatment Planning': 'خطة علاج تقويم الأسنان',
  'Clear Aligner Orthodontics': 'التقويم الشفاف',
  Periodontology: 'أمراض اللثة',
  'Periodontal Surgery': 'جراحة اللثة',
  'Fixed Prosthodontics': 'التركيبات الثابتة',
  'Removable Prosthodontics': 'التركيبات المتحركة',
  'Dental Materials': 'المواد السنية',
  'Dental Ceramics': 'الخزف السني',
  'Oral Radiology': 'أشعة الفم والأسنان',
  'Cone-Beam CT Imaging': 'التصوير المقطعي المخروطي',
  'Dental Photography': 'التصوير الفوتوغرافي في طب الأسنان',
  'Operative Dentistry': 'العلاج التحفظي للأسنان',
  Cariology: 'تسوس الأسنان',
  'Oral Surgery': 'جراحة الفم',
  'Maxillofacial Trauma': 'إصابات الوجه والفكين',
  'Paediatric Dentistry': 'طب أسنان الأطفال',
  'Digital Dentistry': 'طب الأسنان الرقمي',
  'CAD/CAM Dentistry': 'التصميم والتصنيع الرقمي للأسنان',
  'Esthetic Dentistry': 'تجميل الأسنان',
  'Smile Design': 'تصميم الابتسامة',
  'Restorative Dentistry': 'ترميم الأسنان',
  'Adhesive Dentistry': 'الحشوات اللاصقة',
  'Dental Anatomy': 'تشريح الأسنان',
  'Head and Neck Anatomy': 'تشريح الرأس والرقبة',
  'Dental Laboratory Technology': 'تقنيات معمل الأسنان',
  'Myofunctional Therapy': 'العلاج الوظيفي لعضلات الفم',
  'Occlusion and TMD': 'الإطباق واضطرابات المفصل الفكي',
  'Interdisciplinary Dentistry': 'طب الأسنان متعدد التخصصات',
  'General Dental Practice': 'الممارسة العامة لطب الأسنان',
  'Oral Medicine': 'طب الفم',
};

const TOPICS = TOPIC_LIST.map((t) => {
  const arabic = ARABIC_TOPIC[t.name];
  if (!arabic) throw new Error(`large catalogue: no Arabic name for the topic ${t.name}`);
  return { ...t, inSentence: inSentence(t.name), arabic };
});

/** The share of products with an Arabic title, as many of the store's books are sold to Egyptian readers. */
export const ARABIC_SHARE = 0.4;
const ARABIC_BOOK_LEADS = ['أساسيات', 'مبادئ', 'أطلس', 'مرجع في', 'دليل', 'مقدمة في', 'الممارسة السريرية في', 'المختصر في'];
const ARABIC_BOOK_SUBTITLES = ['', '', '', ' لطلبة طب الأسنان', ' للممارس العام', ': دليل عملي', ': من التشخيص إلى العلاج', ': أسئلة وأجوبة', ': حالات سريرية'];
const ARABIC_EDITIONS = ['', '', '', '، الطبعة الثانية', '، الطبعة الثالثة'];
const ARABIC_COURSE_LEADS = ['دورة', 'كورس عملي في', 'دبلومة', 'ورشة عمل في', 'ماستر كلاس'];
const ARABIC_COURSE_ENDS = ['', '', ' للمبتدئين', ' للمتقدمين', ' (أونلاين)'];
const ARABIC_JOURNAL_LEADS = ['مجلة', 'نشرة', 'مستجدات'];
/** Years and volumes as Egyptian print writes them, in Arabic-Indic digits. */
const arabicDigits = (n: number | string): string => String(n).replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));

const BOOK_LEADS = [
  'Clinical', 'Practical', 'Contemporary', 'Advanced', 'Principles of', 'Essentials of', 'Handbook of',
  'Atlas of', 'Textbook of', 'Manual of', 'Modern', 'Evidence-Based', 'Fundamentals of', 'Color Atlas of',
];
const BOOK_SUBTITLES = [
  '', '', '', ': A Practical Guide', ': Principles and Practice', ': A Case-Based Approach',
  ': Step-by-Step Clinical Techniques', ': From Diagnosis to Treatment', ': Evidence-Based Protocols for Everyday Practice',
  ': Concepts, Techniques and Long-Term Outcomes for the General Practitioner and Specialist',
  ' for Dental Students', ' in Daily Practice', ': Questions and Answers', ': Complications and Their Management',
];
const EDITIONS = ['', '', '', '', ', 2nd Edition', ', 3rd Edition', ', 4th Edition', ', 5th Edition'];
const COURSE_FORMS = [
  'Masterclass', 'Online Course', 'Video Course', 'Hands-On Course', 'Live Surgery Series', 'Bootcamp',
  'Certificate Programme', 'Essentials Course',
];
const COURSE_LEADS = ['', '', '', 'Advanced ', 'Practical ', 'Complete ', 'Clinical '];
const JOURNAL_NOUNS = ['Review', 'Quarterly', 'Digest', 'Letters', 'Today', 'Perspectives', 'Research Bulletin', 'Update'];
const JOURNAL_LEADS = ['', '', 'International ', 'Clinical ', 'Contemporary ', 'European ', 'Middle East '];

const FIRST_NAMES = [
  'Ahmed', 'Mona', 'Sarah', 'James', 'Maria', 'Omar', 'Laura', 'Daniel', 'Yasmin', 'Peter', 'Hana', 'Michael',
  'Fatima', 'John', 'Elena', 'Karim', 'Sofia', 'David', 'Nour', 'Robert', 'Aisha', 'Thomas', 'Layla', 'Carlos',
  'Emma', 'Hassan', 'Julia', 'Mark', 'Salma', 'Lucas', 'Grace', 'Youssef', 'Anna', 'Samuel', 'Rania', 'Marco',
  'Ingrid', 'Kenji', 'Priya', 'Rafael', 'Chloe', 'Tariq', 'Beatriz', 'Henrik', 'Amira', 'Victor', 'Claire', 'Ravi',
];
const LAST_NAMES = [
  'Hassan', 'Smith', 'Ibrahim', 'Johnson', 'Garcia', 'Mahmoud', 'Rossi', 'Müller', 'Khalil', 'Brown', 'Nakamura',
  'Silva', 'El-Sayed', 'Wilson', 'Fernández', 'Abdallah', 'Taylor', 'Costa', 'Mansour', 'Anderson', 'Petrov',
  'Haddad', 'Thompson', 'Moreau', 'Farouk', 'Lindqvist', 'Okafor', 'Romano', 'Shah', 'Kowalski', 'Nasser',
  'Bellini', 'Gallagher', 'Tanaka', 'Almeida', 'Schneider', 'Saleh', 'Walker', 'Ortega', 'Novak', 'Adeyemi',
];
const INITIALS = 'ABCDEFGHJKLMNPRSTW';

const AUDIENCES = [
  'general dentists', 'dental students', 'postgraduate residents', 'specialists and referring dentists',
  'the whole dental team', 'dentists preparing for board examinations', 'young graduates',
];
const BOOK_NOUNS = ['textbook', 'guide', 'reference', 'manual', 'atlas', 'handbook'];
const BOOK_ADJECTIVES = ['comprehensive', 'concise', 'richly illustrated', 'practical', 'up-to-date', 'clinically focused'];
const BODY = [
  'Each chapter combines clinical photographs, line drawings and summary tables.',
  'The material is organised around real clinical decisions rather than theory alone.',
  'Step-by-step protocols can be printed and kept beside the chair.',
  'Self-assessment questions at the end of every section help readers prepare for examinations.',
  'Complications, their prevention and their management are discussed openly and in detail.',
  'Case reports follow patients from diagnosis to long-term review.',
  'The authors share the instrument sequences and material choices they use in their own practices.',
  'Key points at the start of each section make revision quick.',
  'Radiographs and CBCT images are annotated so that the relevant anatomy is easy to recognise.',
  'A glossary and an extensive reference list support further study.',
  'Communication with patients, consent and record keeping are covered alongside the clinical steps.',
  'Special attention is given to treatment planning and to the sequence of care in complex cases.',
];

const BODY_STRIDES = [1, 5, 7, 11]; // coprime with BODY.length (12)
const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'An' : 'A');
const bodyCache = new Map<number, string>();
/** `sentences` of BODY (0: a long text of three paragraphs), cached: benchmarks make many. */
const bodyText = (start: number, stride: number, sentences: number): string => {
  const key = (start * 16 + stride) * 16 + sentences;
  let text = bodyCache.get(key);
  if (text === undefined) {
    const at = (k: number): string => BODY[(start + k * stride) % BODY.length]!;
    const run = (from: number, to: number): string => {
      const out: string[] = [];
      for (let k = from; k < to; k += 1) out.push(at(k));
      return out.join(' ');
    };
    text = sentences === 0 ? [run(0, 4), run(4, 8), run(8, 11)].join('\n\n') : run(0, sentences);
    bodyCache.set(key, text);
  }
  return text;
};

const FORMAT_LIST: readonly string[] = FORMATS;
const OTHER_LANGUAGES: readonly string[] = LANGUAGES.filter((l) => l !== 'English');
const BOOK_PRICES = [9.99, 14.99, 19.99, 24.99, 29, 34.5, 39, 44.99, 49, 59.99, 64, 72, 79, 89, 99, 119, 149];
const COURSE_PRICES = [29, 39, 49, 59, 69, 79, 89, 99, 109, 119, 129, 149];
const JOURNAL_PRICES = [9.99, 15, 19.99, 22, 25, 29, 35, 39, 42, 45, 49];
const PASS_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const slugCache = new Map<string, string>();
const slugOf = (text: string): string => {
  let out = slugCache.get(text);
  if (out === undefined) {
    out = text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    slugCache.set(text, out);
  }
  return out;
};
/** The slug of a title made of `parts` (each part's slug is cached), at most 60 characters. */
const slugOfParts = (parts: readonly string[]): string => {
  let out = '';
  for (const part of parts) {
    const s = slugOf(part);
    if (s) out = out ? `${out}-${s}` : s;
  }
  if (out.length > 60) out = out.slice(0, 60);
  while (out.endsWith('-')) out = out.slice(0, -1);
  return out;
};

/**
 * Yields `count` products in batches of `batchSize`. Product i is fully determined by `seed` and i
 * (its `createdAt` also by `count`: the products spread over two years, newest first, all distinct).
 */
export function* largeCatalogue(count: number, batchSize = 1000, seed = 20_240_611): Generator<NewProduct[]> {
  const random = prng(seed);
  // A stream of its own, four draws a product: the English products stay what they were.
  const arabicRandom = prng(seed ^ 0x0a4ab1c);
  const arabicTitle = (type: ProductType, topic: string, year: string): string | undefined => {
    const [share, lead, middle, end] = [arabicRandom(), arabicRandom(), arabicRandom(), arabicRandom()];
    if (share >= ARABIC_SHARE) return undefined;
    const of = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length)]!;
    if (type === 'books') return `${of(ARABIC_BOOK_LEADS, lead)} ${topic}${of(ARABIC_BOOK_SUBTITLES, middle)}${of(ARABIC_EDITIONS, end)}`;
    if (type === 'courses') return `${of(ARABIC_COURSE_LEADS, lead)} ${topic}${of(ARABIC_COURSE_ENDS, middle)}`;
    return `${of(ARABIC_JOURNAL_LEADS, lead)} ${topic}، ${middle < 0.5 ? `المجلد ${arabicDigits(1 + Math.floor(end * 40))}` : `إصدار ${arabicDigits(year)}`}`;
  };
  const int = (n: number): number => Math.floor(random() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const step = Math.max(2, Math.floor(SPAN_MS / Math.max(count, 1)));

  const isbn = (): string => {
    let digits = '9781';
    for (let k = 0; k < 8; k += 1) digits += int(10);
    let sum = 0;
    for (let k = 0; k < 12; k += 1) sum += (digits.charCodeAt(k) - 48) * (k % 2 === 0 ? 1 : 3);
    const check = (10 - (sum % 10)) % 10;
    return `${digits.slice(0, 3)}-${digits.slice(3, 4)}-${digits.slice(4, 9)}-${digits.slice(9, 12)}-${check}`;
  };
  const password = (): string => {
    let out = '';
    for (let k = 0; k < 10; k += 1) out += PASS_ALPHABET[int(PASS_ALPHABET.length)];
    return out;
  };
  const person = (): string =>
    random() < 0.3
      ? `${pick(FIRST_NAMES)} ${INITIALS[int(INITIALS.length)]}. ${pick(LAST_NAMES)}`
      : `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
  /** Distinct sentences of BODY from a random start with a stride coprime with its length. */
  const body = (long: boolean): string => {
    const start = int(BODY.length);
    const stride = pick(BODY_STRIDES);
    return bodyText(start, stride, long ? 0 : 1 + int(3));
  };

  let batch: NewProduct[] = [];
  for (let i = 0; i < count; i += 1) {
    const roll = random();
    const type: ProductType = roll < 0.62 ? 'books' : roll < 0.84 ? 'courses' : 'journals';
    const topic = pick(TOPICS);
    const topicLower = topic.inSentence;
    const year = String(2012 + int(15));
    const free = random() < 0.03;
    let parts: string[];
    let subcategory: BookCategory[];
    let price: number;
    let size: number;
    let pages: number;
    let intro: string;
    const authorCount = type === 'books' ? 1 + int(3) : 1 + int(2);
    const author: string[] = [];
    for (let k = 0; k < authorCount; k += 1) author.push(person());

    if (type === 'books') {
      parts = [pick(BOOK_LEADS), ' ', topic.name, pick(BOOK_SUBTITLES), pick(EDITIONS)];
      subcategory = topic.categories.length > 1 && random() < 0.5 ? [...topic.categories] : [topic.categories[0]!];
      price = pick(BOOK_PRICES);
      size = 4 + int(random() < 0.05 ? 1600 : 380);
      pages = 60 + int(900);
      const adjective = pick(BOOK_ADJECTIVES);
      intro = `${article(adjective)} ${adjective} ${pick(BOOK_NOUNS)} of ${topicLower} for ${pick(AUDIENCES)}.`;
    } else if (type === 'courses') {
      parts = [pick(COURSE_LEADS), topic.name, ' ', pick(COURSE_FORMS)];
      subcategory = random() < 0.6 ? [topic.categories[0]!] : [];
      price = pick(COURSE_PRICES);
      size = 400 + int(14_600);
      pages = 20 + int(200);
      intro = `An online ${topicLower} course for ${pick(AUDIENCES)}, filmed in the clinic with narrated close-ups of every step.`;
    } else {
      const volume = 1 + int(40);
      const issue = random() < 0.5 ? `Volume ${volume}` : `${year} Collection`;
      parts = [pick(JOURNAL_LEADS), topic.name, ' ', pick(JOURNAL_NOUNS), ', ', issue];
      subcategory = random() < 0.5 ? [topic.categories[0]!] : [];
      price = pick(JOURNAL_PRICES);
      size = 8 + int(120);
      pages = 80 + int(900);
      intro = `A year of peer-reviewed articles, clinical reports and reviews in ${topicLower}, edited for ${pick(AUDIENCES)}.`;
    }
    if (free) price = 0;
    const title = parts.join('');
    const arabic = arabicTitle(type, topic.arabic, year);

    const description = `${intro} ${body(random() < 0.15)}`;
    const language = random() < 0.86 ? 'English' : pick(OTHER_LANGUAGES);
    const format = pick(FORMAT_LIST);
    const id = largeId(i);
    const cover = [`/covers/generic-${i % GENERIC_COVER_COUNT}.webp`];
    const createdAt = new Date(NEWEST - i * step - int(step >> 1)).toISOString();

    const product: NewProduct = {
      _id: id,
      title,
      author,
      description,
      covers: cover,
      smallCover: cover,
      price: usd(Math.round(price * 100)),
      egpprice: egp(Math.round(price * EGP_PER_USD) * 100),
      category: type,
      subcategory,
      size,
      Pages: pages,
      Language: language,
      format,
      year,
      ...(type === 'books' ? { isbn: isbn(), eISBN: isbn() } : {}),
      ...(type === 'courses'
        ? {
            duration: `${2 + int(40)}h ${String(int(12) * 5).padStart(2, '0')}m`,
            videonumbers: `${8 + int(140)} videos`,
          }
        : {}),
      producturl: `https://downloads.example.com/files/${slugOfParts(parts)}-${i.toString(36)}.${type === 'courses' ? 'zip' : format === 'epub' ? 'epub' : 'pdf'}`,
      downloadpass: password(),
      createdAt,
      ...(arabic ? { arabicTitle: arabic } : {}),
    };
    batch.push(product);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** Every product at once (small counts only; benchmarks should stream the batches). */
export const largeCatalogueArray = (count: number, seed?: number): NewProduct[] =>
  [...largeCatalogue(count, 1000, seed)].flat();
