/**
 * The demo catalogue seeded on first start (DECISIONS 4): books, courses and journals for dentists
 * and dental students. Titles, authors, journals and ISBNs are invented; ISBNs are generated with a
 * valid 978 check digit but correspond to no real book. Covers are local SVGs written by
 * `scripts/make-covers.ts` into `ui/public/covers/<id>.webp`.
 *
 * Everything here is deterministic: ids, dates, passwords and ISBNs derive from the product's number,
 * so tests and end-to-end scripts can rely on them.
 */
import { BookCategory, FORMATS, LANGUAGES, NewProduct, ProductType } from '../../../core/catalog/domain/product';
import { egp, usd } from '../../../core/shared/money';

type Language = (typeof LANGUAGES)[number];
type Format = (typeof FORMATS)[number];

/** Book categories deliberately left without products, so the empty listing can be seen. */
export const DEMO_EMPTY_CATEGORIES: readonly BookCategory[] = ['Functional Therapy', 'Dental technician'];

/** EGP per USD used for the demo prices (the bulk reprice can change them later). */
export const DEMO_EGP_PER_USD = 50;

/** The most recent `createdAt` of the demo catalogue; the others spread over the two years before. */
export const DEMO_NEWEST = Date.parse('2026-11-15T09:30:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deterministic 24-hex id of the n-th demo product (n ≥ 1). */
export const demoId = (n: number): string => `64d0c0de${n.toString(16).padStart(16, '0')}`;

/** The cover URL of a product id, as the web app serves `ui/public`. */
export const coverUrl = (id: string): string => `/covers/${id}.webp`;

/** A small integer hash (FNV-1a then a mix), used to derive stable random-looking values. */
export const hash32 = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
};

/** A fake but well-formed ISBN-13 (978 prefix, correct check digit) made from a seed. */
export const fakeIsbn = (seed: string): string => {
  const body = `9781${String(hash32(seed) % 100_000_000).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  const check = (10 - (sum % 10)) % 10;
  return `${body.slice(0, 3)}-${body.slice(3, 4)}-${body.slice(4, 9)}-${body.slice(9, 12)}-${check}`;
};

const PASS_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A short random-looking download password, stable for a seed. */
export const fakePassword = (seed: string, length = 10): string => {
  let h = hash32(seed);
  let out = '';
  for (let i = 0; i < length; i += 1) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    h = (h + 0x9e3779b9 + i) >>> 0;
    out += PASS_ALPHABET[h % PASS_ALPHABET.length];
  }
  return out;
};

export const slugify = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');

interface Entry {
  readonly type: ProductType;
  readonly title: string;
  readonly author: readonly string[];
  readonly sub: readonly BookCategory[];
  readonly price: number;
  readonly year: string;
  readonly pages: number;
  /** MB */
  readonly size: number;
  readonly lang?: Language;
  readonly format?: Format;
  readonly duration?: string;
  readonly videos?: number;
  readonly description: string;
}

const book = (e: Omit<Entry, 'type'>): Entry => ({ ...e, type: 'books' });
const course = (e: Omit<Entry, 'type'>): Entry => ({ ...e, type: 'courses' });
const journal = (e: Omit<Entry, 'type'>): Entry => ({ ...e, type: 'journals' });

const ENTRIES: readonly Entry[] = [
  // ---------------------------------------------------------------- books
  book({
    title: 'Endodontics: Principles and Practice in the Modern Clinic',
    author: ['Margaret L. Hensley', 'David Okafor'],
    sub: ['Endodontics'],
    price: 59.99,
    year: '2023',
    pages: 612,
    size: 148,
    format: 'epub + converted to pdf copy',
    description: `A complete, clinically focused textbook of endodontics written for general dentists, postgraduate students and specialists who want a single reference they can trust at the chair.

The first part revisits the biology of the dental pulp and periapical tissues, explaining how inflammation progresses from reversible pulpitis to apical periodontitis and why this matters for diagnosis. Clear flowcharts guide the reader through pulp sensibility testing, percussion and palpation, and the interpretation of periapical radiographs and limited-field CBCT.

The clinical chapters follow the treatment sequence: access cavity design for every tooth type, locating calcified and additional canals, working length determination with apex locators, glide path preparation and shaping with contemporary nickel-titanium systems. Irrigation protocols are discussed in depth, including sodium hypochlorite concentration, activation techniques and the management of accidents.

Obturation with warm vertical compaction, carrier-based systems and bioceramic sealers is illustrated step by step with more than 900 clinical photographs. Final chapters cover non-surgical retreatment, management of separated instruments, perforation repair, regenerative endodontics in immature teeth and the restoration of the root-filled tooth. Each chapter ends with key points and self-assessment questions for students preparing for examinations.`,
  }),
  book({
    title: 'Cone-Beam CT in Endodontic Diagnosis: A Case-Based Atlas for the General Practitioner and Specialist',
    author: ['Rafael Moreno-Kent', 'Aisha Al-Harbi', 'Thomas J. Whitcombe'],
    sub: ['Endodontics', 'Dental radiology'],
    price: 84,
    year: '2024',
    pages: 388,
    size: 1120,
    description: `Limited field-of-view cone-beam computed tomography has changed how complex endodontic cases are diagnosed and planned, yet many clinicians still feel uncertain reading the volumes they acquire. This atlas addresses that gap with more than 140 fully documented cases, each presented with the periapical radiograph, the relevant CBCT slices in three planes and a short discussion of how the scan altered the diagnosis or the treatment plan.

Cases are grouped by clinical question: undiagnosed pain, missed canals, resorption (internal, external cervical and inflammatory), vertical root fracture, assessment before surgical endodontics and evaluation of healing after treatment. An introductory section explains voxel size, field of view selection, artefacts caused by metallic restorations and root fillings, and the radiation dose considerations that should guide every referral.

The high-resolution images make this edition a large download, but every slice has been kept at diagnostic quality so that readers can study the fine detail of canal anatomy and periapical bone.`,
  }),
  book({
    title: 'Rotary and Reciprocating Instrumentation Handbook',
    author: ['Daniel Prescott'],
    sub: ['Endodontics'],
    price: 34.5,
    year: '2022',
    pages: 196,
    size: 42,
    format: 'epub',
    description:
      'A pocket-sized guide to the nickel-titanium file systems used in everyday practice: metallurgy, heat treatment, torque and speed settings, glide path creation and how to avoid instrument separation in curved canals.',
  }),
  book({
    title: 'Contemporary Implant Dentistry: Surgical and Prosthetic Protocols',
    author: ['Henrik Solberg', 'Laura Castellanos', 'Michael R. Tanaka'],
    sub: ['Implantology', 'Prosthodontics'],
    price: 89,
    year: '2024',
    pages: 744,
    size: 236,
    description: `Written by a surgeon, a prosthodontist and a periodontist who have worked together for two decades, this book presents implant treatment as one continuous process rather than a surgical event followed by a restorative afterthought.

It opens with patient assessment, medical risk factors, smoking and diabetes, and a practical approach to three-dimensional planning using CBCT and intraoral scans. The surgical section covers flap design, osteotomy preparation in different bone densities, primary stability, immediate placement in extraction sockets, and simple ridge preservation. Complications such as nerve injury, sinus membrane perforation and early implant failure are explained together with their prevention.

The prosthetic section explains impression techniques, screw-retained versus cement-retained crowns, abutment selection, emergence profile development with provisional restorations, and full-arch fixed and removable solutions. A final chapter on maintenance and peri-implantitis gives clear recall protocols for the dental team.`,
  }),
  book({
    title: 'Guided Bone Regeneration and Soft Tissue Management Around Dental Implants',
    author: ['Elena Voskresenskaya', 'Peter Langford'],
    sub: ['Implantology', 'Periodontics'],
    price: 74,
    year: '2023',
    pages: 420,
    size: 188,
    description:
      'Membranes, grafting materials, tension-free flap closure and connective tissue grafts explained through staged clinical cases, from small dehiscence defects to vertical ridge augmentation.',
  }),
  book({
    title: 'Immediate Loading in Implant Dentistry',
    author: ['Carlos Ibáñez Ruiz'],
    sub: ['Implantology'],
    price: 45,
    year: '2021',
    pages: 248,
    size: 77,
    format: 'epub',
    description:
      'Evidence and technique for loading implants on the day of surgery: primary stability thresholds, occlusal control, and provisional restorations for single teeth and full arches.',
  }),
  book({
    title: 'Smile Design Fundamentals: Photography, Mock-ups and Digital Planning',
    author: ['Sofia Marchetti', 'Jonathan Reeve'],
    sub: ['Esthetic dentistry', 'Digital dentistry'],
    price: 52,
    year: '2024',
    pages: 288,
    size: 164,
    description:
      'How to analyse the face, lips and teeth, communicate a proposal to the patient with a direct mock-up, and transfer the approved design to the laboratory with digital tools.',
  }),
  book({
    title: 'Porcelain Laminate Veneers: Preparation, Bonding and Long-Term Maintenance Explained',
    author: ['Yusuf Demir', 'Claire Whitfield'],
    sub: ['Esthetic dentistry', 'Restorative Dentistry'],
    price: 58,
    year: '2022',
    pages: 312,
    size: 121,
    description: `Ceramic veneers are one of the most requested and most misunderstood treatments in aesthetic dentistry. This book takes a conservative, enamel-preserving approach and explains every decision that determines whether veneers will still look natural and stay bonded fifteen years later.

Topics include case selection and contraindications, diagnostic wax-ups and mock-ups, depth-guided minimal preparation, choosing between feldspathic and lithium disilicate ceramics, shade communication with the technician, isolation, the adhesive cementation protocol, and finishing of margins. The maintenance chapter covers night guards, professional cleaning of ceramic surfaces and the repair of chipped veneers.`,
  }),
  book({
    title: 'Tooth Whitening and Minimally Invasive Aesthetics',
    author: ['Priya Raman'],
    sub: ['Esthetic dentistry'],
    price: 24.99,
    year: '2021',
    pages: 164,
    size: 36,
    format: 'epub',
    description:
      'In-office and home bleaching, resin infiltration of white spot lesions, microabrasion and composite bonding: simple treatments that change smiles without drilling.',
  }),
  book({
    title: 'Orthodontic Biomechanics: Forces, Moments and Appliance Design',
    author: ['Gregory A. Lindqvist'],
    sub: ['Orthodontics'],
    price: 79,
    year: '2023',
    pages: 456,
    size: 98,
    description: `Understanding mechanics is what separates predictable orthodontic treatment from trial and error. This textbook explains, with minimal mathematics and many clear diagrams, how forces and moments produce tooth movement and how appliances can be designed to deliver exactly the system of forces that a case requires.

The early chapters introduce the centre of resistance, moment-to-force ratios, one-couple and two-couple systems and the properties of orthodontic wires. Later chapters apply these principles to real problems: space closure with sliding and loop mechanics, anchorage control with temporary anchorage devices, intrusion of incisors, correction of canted occlusal planes and uprighting of molars. Each chapter closes with clinical cases showing the appliance, the predicted movement and the actual outcome.

Postgraduate residents will find it a solid foundation for their programme; experienced orthodontists will find fresh solutions for the cases that did not respond as expected.`,
  }),
  book({
    title: 'Clear Aligner Therapy: From Case Selection to Finishing',
    author: ['Natalie Brooks', 'Omar Haddad'],
    sub: ['Orthodontics', 'Digital dentistry'],
    price: 64,
    year: '2025',
    pages: 342,
    size: 156,
    description:
      'Attachments, staging, interproximal reduction, auxiliaries and refinements: a practical method for planning aligner treatment and recognising the movements aligners do poorly.',
  }),
  book({
    title: 'Early Orthodontic Treatment in the Mixed Dentition',
    author: ['Helen M. Carver'],
    sub: ['Orthodontics', 'Pediatric dentistry'],
    price: 39,
    year: '2020',
    pages: 228,
    size: 64,
    description:
      'When to intervene and when to wait: crossbites, space maintenance, habits, Class II and Class III growth modification and eruption problems in children aged six to twelve.',
  }),
  book({
    title: 'Periodontology for the Dental Hygienist and General Practitioner',
    author: ['Fiona Gallagher', 'Samuel Adeyemi'],
    sub: ['Periodontics'],
    price: 44,
    year: '2023',
    pages: 384,
    size: 88,
    format: 'epub + converted to pdf copy',
    description:
      'The 2018 classification in plain language, periodontal charting, non-surgical therapy, risk factor control and supportive care, with a chapter on when and how to refer.',
  }),
  book({
    title: 'Periodontal Plastic Surgery: Root Coverage Techniques Step by Step',
    author: ['Marco Bellandi'],
    sub: ['Periodontics'],
    price: 69,
    year: '2022',
    pages: 298,
    size: 212,
    description:
      'Coronally advanced flaps, tunnel techniques and connective tissue grafts for single and multiple recessions, documented with high-magnification clinical photographs.',
  }),
  book({
    title: 'Fixed Prosthodontics: Crowns, Bridges and Occlusion',
    author: ['Andrew K. Whitmore', 'Leila Nasser'],
    sub: ['Prosthodontics'],
    price: 72,
    year: '2022',
    pages: 520,
    size: 134,
    description:
      'Tooth preparation for metal-ceramic and all-ceramic crowns, bridge design, provisionalisation, impressions, try-in and cementation, with a clear chapter on occlusion for everyday restorative work.',
  }),
  book({
    title: 'Complete Denture Construction: A Clinical Manual',
    author: ['Robert H. Finch'],
    sub: ['Prosthodontics'],
    price: 29.99,
    year: '2019',
    pages: 210,
    size: 48,
    description:
      'Primary and secondary impressions, jaw relations, tooth arrangement, try-in and delivery of complete dentures, with troubleshooting for loose and uncomfortable dentures.',
  }),
  book({
    title: 'Dental Materials Science: Properties, Selection and Handling',
    author: ['Ingrid Halvorsen', 'Kwame Mensah'],
    sub: ['Dental Material'],
    price: 54,
    year: '2024',
    pages: 468,
    size: 72,
    description: `Every restoration a dentist places depends on the behaviour of a material, and this textbook explains that behaviour in terms that make sense at the chair. It begins with the basic science: mechanical properties, stress and strain, fatigue, wear, thermal behaviour, adhesion and biocompatibility.

The clinical chapters review each family of materials in turn: resin composites and bulk-fill materials, glass ionomers and resin-modified glass ionomers, calcium silicate cements, dental ceramics including zirconia and lithium disilicate, casting alloys, impression materials, gypsum products and denture base resins. For each material the authors summarise composition, setting reaction, handling mistakes that cause failure, and what the clinical evidence says about longevity.

Summary tables compare products by indication, and short multiple-choice quizzes make the book ideal for undergraduate examinations.`,
  }),
  book({
    title: 'Adhesive Dentistry and Resin Composites: The Science Behind the Bond',
    author: ['Hiroshi Nakamura', 'Beatriz Lopes'],
    sub: ['Dental Material', 'Restorative Dentistry'],
    price: 47,
    year: '2023',
    pages: 276,
    size: 58,
    format: 'epub',
    description:
      'Etch-and-rinse, self-etch and universal adhesives compared; bonding to enamel, dentine, ceramics and metals; polymerisation shrinkage and how to manage it.',
  }),
  book({
    title: 'Oral Radiology: Interpretation of Panoramic and Intraoral Images',
    author: ['Catherine Ellison', 'Mahmoud Saleh'],
    sub: ['Dental radiology'],
    price: 58,
    year: '2022',
    pages: 404,
    size: 176,
    description:
      'Normal radiographic anatomy, common errors in technique, and a systematic approach to caries, periodontal bone loss, cysts, tumours and developmental anomalies.',
  }),
  book({
    title: 'Radiation Safety in the Dental Office',
    author: ['Nadia Petrova'],
    sub: ['Dental radiology'],
    price: 0,
    year: '2024',
    pages: 64,
    size: 9,
    description: 'A free short guide to justification, optimisation, dose limits and quality assurance for dental X-ray equipment.',
  }),
  book({
    title: 'Operative Dentistry: Cavity Design and Direct Restorations',
    author: ['William P. Hargreaves', 'Mei Lin Zhou'],
    sub: ['Operative dentistry', 'Restorative Dentistry'],
    price: 49,
    year: '2021',
    pages: 352,
    size: 96,
    description:
      'Modern minimally invasive cavity design, matrix systems, placement of posterior composites and amalgam replacement, with photographs of every preparation.',
  }),
  book({
    title: 'Caries Management by Risk Assessment in Everyday Practice',
    author: ['Ahmed Fathy', 'Layla Mansour'],
    sub: ['Operative dentistry', 'General Dentistry'],
    price: 19.99,
    year: '2023',
    pages: 148,
    size: 22,
    lang: 'Arabic',
    description:
      'Arabic edition. Caries risk assessment, fluoride and sealant protocols, selective caries removal and the monitoring of non-cavitated lesions.',
  }),
  book({
    title: 'Oral and Maxillofacial Surgery: Third Molars, Trauma and Pathology',
    author: ['Jonathan E. Blackwood', 'Fatima Zahra Idrissi', 'Luca Romano'],
    sub: ['Oral & maxillofacial surgery'],
    price: 119,
    year: '2024',
    pages: 896,
    size: 342,
    description: `A comprehensive reference for oral surgery trainees, maxillofacial residents and general dentists who perform surgical procedures. The book is organised around the problems seen most often in practice and in the emergency department.

The dentoalveolar section covers surgical extraction techniques, the assessment and removal of impacted third molars with a careful discussion of inferior alveolar and lingual nerve risk, exposure of impacted canines, and the management of oroantral communication. The trauma section addresses dentoalveolar injuries, mandibular and midface fractures, principles of fixation and the initial management of facial soft tissue wounds.

Further chapters discuss odontogenic infections and fascial space involvement, cysts and benign tumours of the jaws, biopsy technique, medication-related osteonecrosis and an introduction to orthognathic surgery. Line drawings accompany every procedure and the final chapter presents a library of surgical complications with practical advice on prevention and treatment.`,
  }),
  book({
    title: 'Local Anaesthesia in Dentistry: A Practical Guide',
    author: ['Stuart McAllister'],
    sub: ['Oral & maxillofacial surgery', 'General Dentistry'],
    price: 22,
    year: '2020',
    pages: 172,
    size: 31,
    format: 'epub',
    description:
      'Pharmacology of local anaesthetics, maximum doses, inferior alveolar nerve block and alternatives, intraosseous and intraligamentary techniques, and what to do when anaesthesia fails.',
  }),
  book({
    title:
      'Clinical Dental Photography: Cameras, Lighting and Workflow for Intraoral and Portrait Images in the Modern Practice',
    author: ['Alessandro Ferri', 'Hannah Lowe'],
    sub: ['Radiology and photography', 'Esthetic dentistry'],
    price: 36,
    year: '2023',
    pages: 236,
    size: 284,
    description: `Good photographs are the foundation of treatment planning, communication with laboratories, patient consent and professional documentation. This guide starts from zero and ends with a complete, repeatable photographic protocol that a dentist or assistant can perform in under five minutes.

It explains camera bodies, macro lenses, ring flashes, twin flashes and diffusers; exposure settings that work for intraoral, portrait and laboratory images; and the use of retractors, mirrors and contrastors. The standard series of the aesthetic patient is shown image by image, together with the most common mistakes and how to correct them. Chapters on cross-polarised photography for shade analysis, video for smile design, file management, backup, and the legal aspects of storing patient images complete the book.`,
  }),
  book({
    title: 'Mobile Phone Dental Photography',
    author: ['Karim Youssef'],
    sub: ['Radiology and photography'],
    price: 9.99,
    year: '2025',
    pages: 88,
    size: 54,
    description: 'Take consistent clinical photographs with a smartphone, a small LED light and a few inexpensive accessories.',
  }),
  book({
    title: 'Paediatric Dentistry: Behaviour Management and Clinical Care',
    author: ['Rachel Emmerson', 'Tariq Siddiqui'],
    sub: ['Pediatric dentistry'],
    price: 56,
    year: '2022',
    pages: 436,
    size: 118,
    description:
      'Communication with children and parents, non-pharmacological behaviour guidance, sedation, prevention, restoration of primary teeth and management of dental trauma in children.',
  }),
  book({
    title: 'Pulp Therapy for Primary and Young Permanent Teeth',
    author: ['Ana Paula Ribeiro'],
    sub: ['Pediatric dentistry', 'Endodontics'],
    price: 31,
    year: '2021',
    pages: 182,
    size: 46,
    description: 'Indirect pulp capping, pulpotomy with calcium silicate materials, pulpectomy and apexification, with decision trees for each clinical situation.',
  }),
  book({
    title: 'Digital Dentistry: Intraoral Scanning, CAD/CAM and 3D Printing',
    author: ['Lukas Brenner', 'Grace Adebayo', 'Vincent Moreau'],
    sub: ['Digital dentistry'],
    price: 95,
    year: '2025',
    pages: 528,
    size: 264,
    format: 'epub + converted to pdf copy',
    description: `Digital technology is no longer reserved for early adopters: intraoral scanners, chairside milling units and desktop 3D printers are now part of ordinary practices. This book explains how these tools work, how to integrate them into the clinic without disrupting the schedule, and how to judge the accuracy of the results.

Part one covers intraoral scanning strategy, scan bodies for implants, bite registration and the common causes of distorted scans. Part two describes CAD software, material choice for milled restorations (hybrid ceramics, lithium disilicate, zirconia), sintering, staining and glazing. Part three is dedicated to additive manufacturing: resin types, printer technologies, post-processing, biocompatibility and the printing of models, surgical guides, splints, provisional restorations and dentures.

The final chapters discuss digital workflows with the laboratory, data formats and file exchange, cost calculations and the emerging role of artificial intelligence in design.`,
  }),
  book({
    title: 'Chairside CAD/CAM Restorations: A Workflow Guide',
    author: ['Daniel Weiss'],
    sub: ['Digital dentistry', 'Restorative Dentistry'],
    price: 42,
    year: '2022',
    pages: 204,
    size: 96,
    description: 'Single-visit inlays, onlays and crowns: preparation guidelines, scanning, design, milling and bonding, with time-saving tips.',
  }),
  book({
    title:
      'Interdisciplinary Treatment Planning: Orthodontics, Periodontics, Implants and Restorative Care for Complex Adult Patients',
    author: ['Victoria Ashdown', 'Rami Khoury', 'Patrick O’Donnell'],
    sub: ['Interdisciplinary', 'Orthodontics'],
    price: 149,
    year: '2024',
    pages: 980,
    size: 412,
    description: `Adult patients rarely present with a single problem. Worn teeth, missing teeth, periodontal disease, malocclusion and old restorations usually occur together, and the order in which they are treated determines the result. This book teaches a structured method for planning such cases as a team.

The method begins with the aesthetic goal: the position of the maxillary central incisor relative to the lip, face and gingival margins. From there the authors work out whether orthodontics, periodontal surgery, restorative dentistry or implants, or a combination of them, should achieve each goal, and in what sequence. More than forty fully documented cases, followed for up to twelve years, show the reasoning, the intermediate stages and the long-term outcome.

Dedicated chapters address excessive gingival display, managing space for implants with orthodontics, forced eruption, restoring worn dentitions at an increased vertical dimension, and communication between specialists. It is an essential book for study clubs and for any dentist who coordinates complex treatment.`,
  }),
  book({
    title: 'The Medically Compromised Dental Patient',
    author: ['Eleanor Price', 'Hassan Mahmoud'],
    sub: ['Interdisciplinary', 'General Dentistry'],
    price: 38,
    year: '2023',
    pages: 318,
    size: 44,
    format: 'epub',
    description:
      'Anticoagulants, diabetes, cardiovascular disease, pregnancy, bisphosphonates and cancer therapy: what to ask, what to change and when to consult the physician.',
  }),
  book({
    title: 'General Dentistry Quick Reference: Diagnosis, Prescribing and Emergencies',
    author: ['Oliver Grant'],
    sub: ['General Dentistry'],
    price: 15,
    year: '2025',
    pages: 142,
    size: 12,
    format: 'epub',
    description: 'Short, scannable tables for the busy clinic: differential diagnosis of oral pain, antibiotic and analgesic prescribing, and medical emergencies.',
  }),
  book({
    title: 'Final-Year Dental Student Clinical Handbook',
    author: ['Mariam El-Sayed', 'Joseph Turner'],
    sub: ['General Dentistry'],
    price: 0,
    year: '2024',
    pages: 186,
    size: 28,
    description:
      'A free handbook written by recent graduates for students on clinical rotations: history taking, treatment planning templates, common procedures and viva preparation.',
  }),
  book({
    title: 'Restorative Dentistry: Direct and Indirect Options for the Worn Dentition',
    author: ['Sarah Kingsley', 'Nikolai Petrov'],
    sub: ['Restorative Dentistry', 'Prosthodontics'],
    price: 66,
    year: '2023',
    pages: 366,
    size: 142,
    description:
      'Diagnosis of erosion, attrition and abrasion; the Dahl concept; direct composite build-ups and indirect onlays for full-mouth rehabilitation of worn teeth.',
  }),
  book({
    title: 'Head and Neck Anatomy for Dental Students',
    author: ['Peter J. Hollis'],
    sub: ['Anatomy'],
    price: 27,
    year: '2021',
    pages: 344,
    size: 84,
    description:
      'Osteology of the skull, muscles of mastication, cranial nerves, blood supply and the spaces of the head and neck, with clinical correlations for local anaesthesia and infections.',
  }),
  book({
    title: 'Dental Anatomy and Tooth Morphology Atlas',
    author: ['Youssef Abdelrahman'],
    sub: ['Anatomy'],
    price: 33,
    year: '2022',
    pages: 256,
    size: 112,
    lang: 'Arabic',
    description: 'Arabic edition. Crown and root morphology of every permanent and primary tooth, drawn and photographed from five views.',
  }),
  book({
    title: 'Manual de Endodoncia Clínica',
    author: ['Javier Ortega Salinas', 'Lucía Fernández'],
    sub: ['Endodontics'],
    price: 28,
    year: '2022',
    pages: 298,
    size: 67,
    lang: 'Spanish',
    description: 'Spanish-language manual of clinical endodontics: diagnosis, access, shaping, irrigation and obturation for undergraduate students.',
  }),
  book({
    title: 'Atlas de Implantodontia Cirúrgica',
    author: ['Rodrigo Almeida', 'Camila Souza'],
    sub: ['Implantology'],
    price: 48,
    year: '2023',
    pages: 332,
    size: 205,
    lang: 'Portuguese',
    format: 'epub + converted to pdf copy',
    description: 'Portuguese-language surgical atlas of implant placement, from single tooth to sinus lift, illustrated with clinical sequences.',
  }),
  book({
    title: 'Ortodonzia Intercettiva: Guida Pratica',
    author: ['Giulia Ferrante'],
    sub: ['Orthodontics'],
    price: 35,
    year: '2021',
    pages: 214,
    size: 58,
    lang: 'Italian',
    description: 'Italian-language practical guide to interceptive orthodontics with removable and functional appliances.',
  }),

  // ---------------------------------------------------------------- courses
  course({
    title: 'Mastering Rotary Endodontics: Live Clinical Video Course',
    author: ['David Okafor'],
    sub: ['Endodontics'],
    price: 129,
    year: '2024',
    pages: 96,
    size: 1450,
    duration: '12h 30m',
    videos: 48,
    description: `An online course filmed entirely in the clinic, under the operating microscope, for dentists who want to perform molar endodontics with confidence and speed.

Module one covers diagnosis, radiographic assessment and case difficulty, so that you know which cases to treat and which to refer. Module two shows access cavities on every tooth type, including calcified canals and the second mesiobuccal canal of maxillary molars. Module three focuses on glide path, shaping with rotary and reciprocating systems, and irrigation with activation. Module four demonstrates warm vertical and single-cone bioceramic obturation, followed by a core build-up.

Every procedure is shown in real time and then again in slow motion with commentary. Downloadable notes summarise each module with protocols, instrument sequences and a printable checklist for your assistant. A final module presents ten complete cases from diagnosis to one-year review.`,
  }),
  course({
    title: 'Implant Surgery Masterclass: From Single Tooth Replacement to Full Arch Rehabilitation with Guided Surgery',
    author: ['Henrik Solberg', 'Michael R. Tanaka'],
    sub: ['Implantology'],
    price: 149,
    year: '2025',
    pages: 210,
    size: 12800,
    duration: '38h 45m',
    videos: 126,
    description: `The most complete implant course in the catalogue, recorded over a year of live surgery. It follows more than thirty patients from planning to final restoration and is designed for dentists who have completed a basic implant course and want to progress to more demanding cases.

The course is organised in eight modules: digital planning and guide design; single implants in healed ridges; immediate implants in the aesthetic zone; socket and ridge preservation; lateral and crestal sinus floor elevation; horizontal augmentation with particulate grafts and membranes; full-arch immediate loading with tilted implants; and the management of complications. Each module contains narrated surgical footage from two camera angles, animated explanations and downloadable protocols.

Because the videos are provided in full high definition the download is large; a broadband connection is recommended.`,
  }),
  course({
    title: 'Composite Artistry: Layering Anterior Restorations',
    author: ['Sofia Marchetti'],
    sub: ['Esthetic dentistry'],
    price: 79,
    year: '2023',
    pages: 48,
    size: 3200,
    duration: '9h 15m',
    videos: 32,
    description:
      'Silicone index, enamel and dentine shades, characterisation, finishing and polishing of Class IV restorations and direct veneers, filmed under magnification.',
  }),
  course({
    title: 'Introduction to Clear Aligners',
    author: ['Natalie Brooks'],
    sub: [],
    price: 0,
    year: '2025',
    pages: 24,
    size: 640,
    duration: '2h 10m',
    videos: 9,
    description: 'A free introductory course: how aligners move teeth, which cases suit a beginner, and how to read a treatment plan.',
  }),
  course({
    title: 'Periodontal Surgery Video Series',
    author: ['Marco Bellandi', 'Fiona Gallagher'],
    sub: ['Periodontics'],
    price: 99,
    year: '2024',
    pages: 62,
    size: 2750,
    duration: '14h 05m',
    videos: 41,
    description:
      'Access flaps, crown lengthening, regenerative surgery and soft tissue grafting, each demonstrated on models and then on patients.',
  }),
  course({
    title: 'Digital Smile Design Workflow Course',
    author: ['Jonathan Reeve'],
    sub: ['Digital dentistry'],
    price: 89,
    year: '2025',
    pages: 40,
    size: 1980,
    duration: '8h 40m',
    videos: 27,
    description: 'From photographs and video to a printed mock-up: a complete digital smile design workflow using common software.',
  }),
  course({
    title: 'Complete Dentures Made Predictable',
    author: ['Robert H. Finch'],
    sub: ['Prosthodontics'],
    price: 69,
    year: '2022',
    pages: 56,
    size: 2100,
    duration: '10h 20m',
    videos: 30,
    description: 'Step-by-step clinical videos of complete denture treatment, from impressions to delivery and adjustments.',
  }),
  course({
    title: 'Pediatric Dentistry Essentials: Behaviour, Pulp Therapy and Stainless Steel Crowns',
    author: ['Rachel Emmerson'],
    sub: ['Pediatric dentistry'],
    price: 59,
    year: '2023',
    pages: 44,
    size: 1620,
    duration: '7h 50m',
    videos: 25,
    description:
      'Practical videos for general dentists who treat children: tell-show-do, pulpotomy, preformed metal crowns with the Hall technique and space maintainers.',
  }),
  course({
    title: 'Dental Photography Bootcamp',
    author: ['Alessandro Ferri'],
    sub: [],
    price: 39,
    year: '2024',
    pages: 32,
    size: 890,
    duration: '4h 30m',
    videos: 18,
    description: 'Camera settings, retractors, mirrors and a ten-image protocol practised together, shot by shot.',
  }),
  course({
    title: 'CBCT Interpretation for Dentists',
    author: ['Aisha Al-Harbi'],
    sub: ['Dental radiology'],
    price: 109,
    year: '2024',
    pages: 120,
    size: 1240,
    duration: '11h 00m',
    videos: 36,
    description:
      'Navigate volumes, recognise anatomy and pathology, write a structured report and know when a radiologist must review the scan.',
  }),
  course({
    title: 'Oral Surgery Fundamentals: Extractions and Flap Design',
    author: ['Jonathan E. Blackwood'],
    sub: ['Oral & maxillofacial surgery'],
    price: 119,
    year: '2023',
    pages: 88,
    size: 4300,
    duration: '16h 25m',
    videos: 52,
    description:
      'Elevators, forceps technique, sectioning of multi-rooted teeth, flap design and suturing, with live surgery of impacted third molars.',
  }),
  course({
    title: 'Dental Practice Management and Patient Communication',
    author: ['Eleanor Price'],
    sub: [],
    price: 29,
    year: '2022',
    pages: 36,
    size: 720,
    duration: '5h 15m',
    videos: 20,
    description: 'Scheduling, case presentation, informed consent, handling complaints and building a team that patients trust.',
  }),
  course({
    title: 'Endodontic Retreatment Course',
    author: ['Ahmed Fathy'],
    sub: ['Endodontics'],
    price: 85,
    year: '2024',
    pages: 52,
    size: 2600,
    lang: 'Arabic',
    duration: '10h 45m',
    videos: 34,
    description: 'Arabic-language course: removal of posts, gutta-percha and separated instruments, and repair of perforations.',
  }),
  course({
    title: 'Occlusion Demystified: TMD, Splints and Equilibration',
    author: ['Andrew K. Whitmore'],
    sub: [],
    price: 75,
    year: '2021',
    pages: 64,
    size: 1100,
    duration: '6h 55m',
    videos: 22,
    description: 'Centric relation, articulator mounting, occlusal splints for bruxism and temporomandibular disorders, and selective grinding.',
  }),

  // ---------------------------------------------------------------- journals
  journal({
    title: 'Clinical Endodontic Review, Volume 18: The Complete 2024 Collection',
    author: ['Margaret L. Hensley'],
    sub: ['Endodontics'],
    price: 49,
    year: '2024',
    pages: 864,
    size: 62,
    description: `All twelve monthly issues of Clinical Endodontic Review for 2024 in one searchable file, edited by Margaret L. Hensley with an editorial board of practising endodontists from nine countries.

This volume includes original research on the cyclic fatigue of heat-treated nickel-titanium files, a randomised trial comparing single-visit and two-visit treatment of teeth with apical periodontitis, a systematic review of bioceramic sealers, and a long series of clinical case reports on resorption, dens invaginatus and regenerative procedures. Each issue also contains a practice-focused section with step-by-step technique articles and a journal club summary of the most important papers published elsewhere.

Ideal for postgraduate students preparing literature reviews and for clinicians who want to keep up with current evidence.`,
  }),
  journal({
    title: 'Implant Practice Quarterly, 2024 Issues 1–4',
    author: ['Laura Castellanos'],
    sub: ['Implantology'],
    price: 39,
    year: '2024',
    pages: 412,
    size: 88,
    description: 'Four issues of clinical articles on implant placement, restoration and maintenance, plus product reviews.',
  }),
  journal({
    title: 'Aesthetic Restorative Journal: Annual Compilation 2023',
    author: ['Claire Whitfield'],
    sub: ['Esthetic dentistry'],
    price: 35,
    year: '2023',
    pages: 376,
    size: 74,
    description: 'Case reports and techniques in composite, ceramics and smile design, collected from the 2023 issues.',
  }),
  journal({
    title: 'Orthodontic Perspectives, Volume 9',
    author: ['Gregory A. Lindqvist', 'Omar Haddad'],
    sub: ['Orthodontics'],
    price: 42,
    year: '2024',
    pages: 520,
    size: 57,
    description: 'Research and clinical papers on aligners, skeletal anchorage, growth modification and retention.',
  }),
  journal({
    title: 'Periodontal Research Digest 2023',
    author: ['Samuel Adeyemi'],
    sub: [],
    price: 25,
    year: '2023',
    pages: 288,
    size: 33,
    format: 'epub',
    description: 'Structured summaries of the year’s most relevant periodontal research, with clinical takeaways.',
  }),
  journal({
    title: 'Journal of Dental Student Research: Open Access Issue 2024',
    author: ['Mariam El-Sayed'],
    sub: [],
    price: 0,
    year: '2024',
    pages: 148,
    size: 18,
    description: 'A free issue of peer-reviewed research and case reports written by undergraduate dental students.',
  }),
  journal({
    title: 'Pediatric Oral Health Bulletin 2025',
    author: ['Tariq Siddiqui'],
    sub: ['Pediatric dentistry'],
    price: 0,
    year: '2025',
    pages: 96,
    size: 15,
    description: 'Free bulletin on caries prevention, fluoride varnish programmes and early childhood oral health.',
  }),
  journal({
    title: 'Digital Dentistry Today, Issues 2023–2024',
    author: ['Lukas Brenner'],
    sub: ['Digital dentistry'],
    price: 45,
    year: '2024',
    pages: 640,
    size: 96,
    description: 'Two years of articles on scanning accuracy, printing materials, software workflows and AI in dentistry.',
  }),
  journal({
    title: 'Oral Surgery and Medicine Letters, Volume 31',
    author: ['Fatima Zahra Idrissi'],
    sub: [],
    price: 38,
    year: '2022',
    pages: 452,
    size: 49,
    description: 'Short reports on oral pathology, surgical technique and the dental management of systemic disease.',
  }),
  journal({
    title: 'Revista de Odontología Restauradora 2024',
    author: ['Lucía Fernández'],
    sub: ['Restorative Dentistry'],
    price: 22,
    year: '2024',
    pages: 232,
    size: 41,
    lang: 'Spanish',
    description: 'Spanish-language journal of restorative dentistry: adhesion, composites and indirect restorations.',
  }),
];

/**
 * `createdAt` of the n-th product. A permutation (step 23, coprime with the count) mixes the types,
 * so "newest first" shows books, courses and journals together; every date is distinct and all lie
 * within the two years before `DEMO_NEWEST`.
 */
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const createdAtOf = (index: number, count: number): string => {
  let step = 23;
  while (gcd(step, count) !== 1) step += 1;
  const rank = (index * step) % count; // 0 = newest
  const spacing = (720 * DAY_MS) / count;
  const minutes = hash32(`t${index}`) % 600; // a little irregularity within the day
  return new Date(DEMO_NEWEST - rank * spacing - minutes * 60_000).toISOString();
};

/** A few demo products in Arabic too (issue 20), so the Arabic pages and Arabic search have something to show. */
const ARABIC: Readonly<Record<string, { readonly title: string; readonly description: string }>> = {
  'Endodontics: Principles and Practice in the Modern Clinic': {
    title: 'علاج الجذور: المبادئ والممارسة في العيادة الحديثة',
    description:
      'مرجع سريري متكامل في علاج الجذور لأطباء الأسنان العامين وطلاب الدراسات العليا والأخصائيين: من بيولوجيا اللب والأنسجة حول الذروية وتشخيص الالتهاب، إلى تصميم فتحة الدخول وتحديد طول العمل والتشكيل بأنظمة النيكل تيتانيوم، ثم بروتوكولات الغسل والحشو، وإعادة العلاج، وترميم السن المعالَج لبيًّا. يختم كل فصل بنقاط أساسية وأسئلة للتقييم الذاتي.',
  },
  'Contemporary Implant Dentistry: Surgical and Prosthetic Protocols': {
    title: 'زراعة الأسنان المعاصرة: البروتوكولات الجراحية والتعويضية',
    description:
      'دليل عملي لزراعة الأسنان من التخطيط بالأشعة المقطعية إلى وضع الزرعة وتحميلها: اختيار الحالات، والجراحة الموجّهة، وإدارة الأنسجة الرخوة، وتصميم التركيبات على الزرعات ومتابعتها على المدى الطويل.',
  },
  'Orthodontic Biomechanics: Forces, Moments and Appliance Design': {
    title: 'الميكانيكا الحيوية في تقويم الأسنان: القوى والعزوم وتصميم الأجهزة',
    description: 'شرح واضح للقوى والعزوم التي تحرّك الأسنان، وكيف تُصمَّم الأجهزة الثابتة والمتحركة لتحقيق الحركة المطلوبة بأقل آثار جانبية.',
  },
  'Fixed Prosthodontics: Crowns, Bridges and Occlusion': {
    title: 'التركيبات الثابتة: التيجان والجسور والإطباق',
    description: 'من تحضير السن وأخذ الطبعة إلى التلبيس وضبط الإطباق: خطوات التيجان والجسور الثابتة مع صور سريرية لكل مرحلة.',
  },
  'Oral and Maxillofacial Surgery: Third Molars, Trauma and Pathology': {
    title: 'جراحة الفم والوجه والفكين: ضروس العقل والإصابات والأمراض',
    description: 'خلع ضروس العقل المطمورة، والتعامل مع كسور الوجه والفكين، وتشخيص أمراض الفم وعلاجها، مع بروتوكولات التخدير والعناية بعد الجراحة.',
  },
  'Paediatric Dentistry: Behaviour Management and Clinical Care': {
    title: 'طب أسنان الأطفال: التحكم في السلوك والرعاية السريرية',
    description: 'كيف تكسب ثقة الطفل في العيادة، وكيف تعالج تسوس الأسنان اللبنية وإصاباتها، مع علاج اللب والتيجان المعدنية الجاهزة.',
  },
};

/** The demo catalogue, in a stable order. */
export const demoCatalogue = (): NewProduct[] =>
  ENTRIES.map((e, index) => {
    const n = index + 1;
    const id = demoId(n);
    const cover = [coverUrl(id)];
    const format: Format = e.format ?? 'pdf';
    const product: NewProduct = {
      _id: id,
      title: e.title,
      author: [...e.author],
      description: e.description,
      ...(ARABIC[e.title] ? { arabicTitle: ARABIC[e.title]!.title, arabicDescription: ARABIC[e.title]!.description } : {}),
      covers: cover,
      smallCover: [...cover],
      price: usd(Math.round(e.price * 100)),
      egpprice: egp(Math.round(e.price * DEMO_EGP_PER_USD) * 100),
      category: e.type,
      subcategory: [...e.sub],
      size: e.size,
      Pages: e.pages,
      Language: e.lang ?? 'English',
      format,
      year: e.year,
      ...(e.type === 'books' ? { isbn: fakeIsbn(`isbn:${n}`), eISBN: fakeIsbn(`eisbn:${n}`) } : {}),
      ...(e.type === 'courses'
        ? { duration: e.duration ?? '1h 00m', videonumbers: `${e.videos ?? 1} videos` }
        : {}),
      // The store keeps each demo product's file itself (seed/demo-files.ts): no outside link, no password.
      producturl: '',
      downloadpass: '',
      createdAt: createdAtOf(index, ENTRIES.length),
    };
    return product;
  });
