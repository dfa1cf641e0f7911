import { STORE_NAME } from './store-name';
import { LetterWords } from './words';

/** Arabic counts: one and two have forms of their own; 3 to 10 take the plural, 11 and up the singular accusative. */
const counted = (count: number, one: string, two: string, few: string, many: string): string => {
  if (count === 1) return one;
  if (count === 2) return two;
  const lastTwo = count % 100;
  return lastTwo >= 3 && lastTwo <= 10 ? `${count} ${few}` : `${count} ${many}`;
};

/**
 * Modern Standard Arabic for Egyptian dentists and dental students. The store's name stays a Latin
 * brand, placed at the end of subjects so that each subject starts in Arabic and reads right to left.
 */
export const ARABIC: LetterWords = {
  locale: 'ar-EG-u-nu-latn',
  hello: (name) => `مرحبًا ${name}،`,
  helloWhoever: 'مرحبًا،',
  needHelp: ['هل تحتاج إلى مساعدة؟ راسلنا على ', '.'],
  free: 'مجانًا',
  total: 'الإجمالي',
  line: (title, price) => `${title}: ${price}`,
  inCairoTime: (when) => `${when} (بتوقيت القاهرة)`,
  reference: (reference) => `الرقم المرجعي: ${reference}`,
  amount: (amount) => `المبلغ: ${amount}`,
  payAt: (where) => `مكان الدفع: ${where}`,
  places: { kiosk: 'منافذ أمان أو مصاري' },
  payBefore: (when) => `ادفع قبل: ${when}`,
  refunded: (amount) => `المبلغ المُسترد: ${amount}`,
  coupon: (code, amount) => `القسيمة ${code}: خصم ${amount}`,
  reason: (reason) => `السبب: ${reason}`,
  noLongerDownloadable: (title) => `${title} (لم يعد متاحًا للتنزيل)`,
  copyAddress: (link) => `أو انسخ هذا العنوان والصقه في المتصفح: ${link}`,

  subjects: {
    confirmed: (number) => `تم تأكيد طلبك رقم ${number} - ${STORE_NAME}`,
    delivered: (number) => `تم تسليم طلبك رقم ${number} - ${STORE_NAME}`,
    copiesReady: (number) => `نسخك من ملفات الطلب رقم ${number} جاهزة - ${STORE_NAME}`,
    payAt: (number) => `طريقة دفع الطلب رقم ${number} - ${STORE_NAME}`,
    reminder: (number) => `الطلب رقم ${number} ما زال في انتظار الدفع - ${STORE_NAME}`,
    refunded: (number, wholly) => `${wholly ? 'تم رد قيمة الطلب رقم' : 'تم رد جزء من قيمة الطلب رقم'} ${number} - ${STORE_NAME}`,
    transferRejected: (number) => `لم نتمكن من قبول التحويل الخاص بالطلب رقم ${number} - ${STORE_NAME}`,
    library: `رابط مكتبتك - ${STORE_NAME}`,
    reset: `إعادة تعيين كلمة المرور - ${STORE_NAME}`,
  },

  openings: {
    confirmed: (number) => [`شكرًا لشرائك من ${STORE_NAME}. لقد استلمنا قيمة الطلب رقم `, number, '.'],
    delivered: (number) => ['تم تسليم طلبك رقم ', number, ` من ${STORE_NAME}.`],
    copiesReady: (number) => ['أصبحت نسخك الخاصة من ملفات الطلب رقم ', number, ' جاهزة، وقد أُعدّت باسم عنوان البريد الإلكتروني هذا.'],
    payAt: (reference) => ['طلبك في انتظار الدفع. ادفع باستخدام الرقم المرجعي ', reference, ' وفق التفاصيل التالية.'],
    reminder: (reference) => ['تنتهي صلاحية الرقم المرجعي ', reference, ' قريبًا، وبعدها يُلغى الطلب.'],
    refunded: (amount, number) => ['أعدنا إليك مبلغ ', amount, ` من قيمة الطلب رقم ${number}.`],
    transferRejected: (number) => [
      'لم نتمكن من قبول التحويل الخاص بالطلب رقم ',
      number,
      '، لذا أُلغي الطلب. إذا كنت قد حوّلت المبلغ بالفعل، فردّ على هذه الرسالة مرفقًا إيصال التحويل وسنسوّي الأمر معك.',
    ],
  },

  where: {
    copiesComing: (inLibrary) =>
      `نُعدّ الآن نسخك الخاصة التي تحمل عنوان بريدك الإلكتروني، وستصلك رسالة أخرى عندما تصبح جاهزة ${inLibrary ? 'في مكتبتك. يفتح هذا الرابط مكتبتك مرة واحدة خلال 7 أيام' : 'في قسم الطلبات في ملفك الشخصي'}`,
    downloadsInLibrary: (delivered) =>
      delivered
        ? 'ملفاتك جاهزة للتنزيل في مكتبتك. يفتح هذا الرابط مكتبتك مرة واحدة خلال 7 أيام'
        : 'ستظهر ملفاتك في مكتبتك فور تسليم الطلب. يفتح هذا الرابط مكتبتك مرة واحدة خلال 7 أيام',
    downloadsInProfile: (delivered) =>
      delivered ? 'ملفاتك جاهزة للتنزيل في قسم الطلبات في ملفك الشخصي' : 'ستظهر ملفاتك في قسم الطلبات في ملفك الشخصي فور تسليم الطلب',
    orderInProfile: 'تجد طلبك في قسم الطلبات في ملفك الشخصي',
    copiesInLibrary: 'يمكنك تنزيلها أو قراءتها في مكتبتك',
    copiesInProfile: 'يمكنك تنزيلها أو قراءتها في قسم الطلبات في ملفك الشخصي',
    referenceInProfile: 'تجد الطلب ورقمه المرجعي في قسم الطلبات في ملفك الشخصي',
  },

  library: {
    asked: `طلب أحدهم رابطًا إلى المشتريات التي تمت من ${STORE_NAME} بعنوان البريد الإلكتروني هذا.`,
    openWithin: (days) => `افتح هذا الرابط خلال ${days} لعرضها. يعمل الرابط مرة واحدة فقط:`,
    days: (count) => counted(count, 'يوم واحد', 'يومين', 'أيام', 'يومًا'),
    notYou: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة.',
    open: 'افتح مكتبتك',
  },

  reset: {
    asked: `طلب أحدهم إعادة تعيين كلمة مرور حساب ${STORE_NAME} المرتبط بعنوان البريد الإلكتروني هذا.`,
    openWithin: (minutes) => `لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال ${minutes}. يعمل الرابط مرة واحدة فقط:`,
    minutes: (count) => counted(count, 'دقيقة واحدة', 'دقيقتين', 'دقائق', 'دقيقة'),
    notYou: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.',
    open: 'أعد تعيين كلمة المرور',
  },
};
