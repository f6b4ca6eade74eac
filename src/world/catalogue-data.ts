// Price-list templates. Order matters: smaller worlds take the head of each list.

export type ServiceCategory = 'Hair' | 'Nails' | 'Beauty' | 'Massage' | 'Facials' | 'Aesthetics';

/** Kind of room or equipment a service needs; any free one of that kind at the site will do. */
export type ResourceKind = 'treatment' | 'pedicure' | 'laser';

export interface ServiceTemplate {
  name: string;
  category: ServiceCategory;
  minutes: number;
  price: number;
  resource?: ResourceKind;
  /** Offered at the flagship site only (it holds the laser and the clinic team). */
  flagship?: boolean;
  online?: false;
  packageOnly?: true;
}

const s = (
  name: string,
  category: ServiceCategory,
  minutes: number,
  price: number,
  extra: Partial<ServiceTemplate> = {},
): ServiceTemplate => ({ name, category, minutes, price, ...extra });

export const SERVICE_TEMPLATES: ServiceTemplate[] = [
  s('Ladies Cut & Blow Dry', 'Hair', 60, 58),
  s('Gel Manicure', 'Nails', 45, 35),
  s('Swedish Massage', 'Massage', 60, 70, { resource: 'treatment' }),
  s('Signature Facial', 'Facials', 60, 75, { resource: 'treatment' }),
  s('Eyebrow Wax & Tint', 'Beauty', 30, 24),
  s('Gents Cut', 'Hair', 30, 30),
  s('Blow Dry', 'Hair', 45, 35),
  s('Classic Pedicure', 'Nails', 45, 38, { resource: 'pedicure' }),
  s('Deep Tissue Massage', 'Massage', 60, 78, { resource: 'treatment' }),
  s('Lash Lift & Tint', 'Beauty', 45, 50),
  s('Full Head Colour', 'Hair', 90, 85),
  s('Express Facial', 'Facials', 30, 40, { resource: 'treatment' }),
  s('Back, Neck & Shoulder Massage', 'Massage', 30, 42, { resource: 'treatment' }),
  s('Laser Hair Removal - Small Area', 'Aesthetics', 15, 55, { resource: 'laser', flagship: true }),
  s('Skin Consultation', 'Aesthetics', 15, 0, { flagship: true }),
  s('Pregnancy Massage', 'Massage', 60, 72, { resource: 'treatment' }),
  s('Classic Manicure', 'Nails', 30, 25),
  s('Half Head Highlights', 'Hair', 105, 95),
  s('Full Leg Wax', 'Beauty', 45, 38),
  s('Hot Stone Massage', 'Massage', 90, 95, { resource: 'treatment' }),
  s('Brow Lamination', 'Beauty', 45, 45),
  s('HydraFacial', 'Facials', 60, 120, { resource: 'treatment' }),
  s('Gel Pedicure', 'Nails', 60, 45, { resource: 'pedicure' }),
  s('Root Colour', 'Hair', 60, 55),
  s('Indian Head Massage', 'Massage', 30, 38),
  s('Chemical Peel', 'Aesthetics', 45, 85, { resource: 'treatment', flagship: true }),
  s('Balayage', 'Hair', 120, 150),
  s('Gel Removal', 'Nails', 15, 10),
  s('Underarm Wax', 'Beauty', 15, 14),
  s('Aromatherapy Massage', 'Massage', 60, 75, { resource: 'treatment' }),
  s('Microdermabrasion', 'Facials', 45, 65, { resource: 'treatment' }),
  s("Children's Cut", 'Hair', 30, 18),
  s('Acrylic Full Set', 'Nails', 75, 45),
  s('Spray Tan', 'Beauty', 30, 30),
  s('Anti-Wrinkle Injections - One Area', 'Aesthetics', 30, 180, { flagship: true, online: false }),
  s('Toner & Gloss', 'Hair', 30, 28),
  s('Bikini Wax', 'Beauty', 30, 25),
  s('Reflexology', 'Massage', 45, 55, { resource: 'treatment' }),
  s('Dermaplaning', 'Facials', 45, 60, { resource: 'treatment' }),
  s('Lash Extensions - Full Set', 'Beauty', 120, 110),
  s('Wedding Hair Trial', 'Hair', 60, 75, { online: false }),
  s('Nail Art', 'Nails', 15, 12),
  s('LED Light Therapy', 'Facials', 30, 40, { resource: 'treatment' }),
  s('Microneedling', 'Aesthetics', 60, 220, { resource: 'treatment', flagship: true }),
  s('Keratin Smoothing Treatment', 'Hair', 120, 180),
  s('Half Leg Wax', 'Beauty', 30, 26),
  s('Sports Massage', 'Massage', 45, 60, { resource: 'treatment' }),
  s('Acrylic Infills', 'Nails', 60, 35),
  s('IPL Photofacial', 'Aesthetics', 45, 150, { resource: 'laser', flagship: true }),
  s('Olaplex Treatment', 'Hair', 30, 30),
  s('Eyelash Tint', 'Beauty', 15, 15),
  s("Men's Facial", 'Facials', 45, 55, { resource: 'treatment' }),
  s('Express Pedicure', 'Nails', 30, 28, { resource: 'pedicure' }),
];

/** Components sold only inside packages. */
export const PACKAGE_ONLY_TEMPLATES: ServiceTemplate[] = [
  s('Pamper Ritual - Mini Facial', 'Facials', 30, 35, { resource: 'treatment', packageOnly: true }),
  s('Pamper Ritual - Mini Manicure', 'Nails', 30, 20, { packageOnly: true }),
  s('Spa Ritual - Body Scrub & Wrap', 'Massage', 45, 55, { resource: 'treatment', packageOnly: true }),
  s('Bridal - Hair Styling', 'Hair', 60, 85, { packageOnly: true, online: false }),
  s('Bridal - Make-up', 'Beauty', 60, 80, { packageOnly: true, online: false }),
  s('Gents Grooming - Hot Towel Shave', 'Hair', 30, 28, { packageOnly: true }),
  s('Gents Grooming - Hand & Nail Tidy', 'Nails', 15, 15, { packageOnly: true }),
];

export interface PackageTemplate {
  name: string;
  category: string;
  /** Service names in booking order. */
  services: string[];
  /** Price as a share of the components' total. */
  discount: number;
}

export const PACKAGE_TEMPLATES: PackageTemplate[] = [
  {
    name: 'Pamper Package',
    category: 'Spa Packages',
    discount: 0.85,
    services: ['Pamper Ritual - Mini Facial', 'Pamper Ritual - Mini Manicure', 'Back, Neck & Shoulder Massage'],
  },
  {
    name: 'Spa Day Ritual',
    category: 'Spa Packages',
    discount: 0.8,
    services: ['Spa Ritual - Body Scrub & Wrap', 'Swedish Massage', 'Signature Facial'],
  },
  {
    name: 'Bridal Package',
    category: 'Bridal',
    discount: 0.9,
    services: ['Bridal - Hair Styling', 'Bridal - Make-up', 'Gel Manicure'],
  },
  {
    name: 'Gents Grooming Package',
    category: 'Grooming',
    discount: 0.85,
    services: ['Gents Cut', 'Gents Grooming - Hot Towel Shave', 'Gents Grooming - Hand & Nail Tidy'],
  },
  {
    name: 'Mum-to-Be Package',
    category: 'Spa Packages',
    discount: 0.85,
    services: ['Pregnancy Massage', 'Classic Pedicure'],
  },
  {
    name: 'Brow & Lash Package',
    category: 'Beauty Packages',
    discount: 0.85,
    services: ['Brow Lamination', 'Lash Lift & Tint'],
  },
];

export const CATEGORY_CODES: Record<ServiceCategory, string> = {
  Hair: 'HR',
  Nails: 'NL',
  Beauty: 'BT',
  Massage: 'MS',
  Facials: 'FC',
  Aesthetics: 'AE',
};

export const CATEGORY_BLURBS: Record<ServiceCategory, string> = {
  Hair: 'Includes consultation, wash and finish.',
  Nails: 'Includes shaping, cuticle care and polish.',
  Beauty: 'Patch test required 48 hours before tints.',
  Massage: 'Pressure tailored to you; please arrive 10 minutes early.',
  Facials: 'Skin analysis and products matched to your skin type.',
  Aesthetics: 'Medical questionnaire required before treatment.',
};

export interface ProductTemplate {
  name: string;
  category: string;
  price: number;
  /** Retail stock; professional (back-bar) stock is used in treatments, not sold. */
  retail: boolean;
}

const p = (name: string, category: string, price: number, retail = true): ProductTemplate => ({
  name,
  category,
  price,
  retail,
});

export const PRODUCT_TEMPLATES: ProductTemplate[] = [
  p('Hydrating Shampoo 250ml', 'Hair Care', 18.5),
  p('Colour Developer 6% 1L', 'Professional', 9.8, false),
  p('Vitamin C Brightening Serum 30ml', 'Skin Care', 42),
  p('Repair Conditioner 250ml', 'Hair Care', 19.5),
  p('Cuticle Oil 15ml', 'Nail Care', 9.5),
  p('Massage Oil 1L', 'Professional', 24, false),
  p('Daily Moisturiser SPF30 50ml', 'Skin Care', 36),
  p('Argan Hair Oil 100ml', 'Hair Care', 24),
  p('Hot Wax 800g', 'Professional', 14.5, false),
  p('Aromatherapy Body Oil 100ml', 'Body', 28),
  p('Gel Polish - Classic Red 15ml', 'Nail Care', 14),
  p('Couch Roll (6 pack)', 'Professional', 21, false),
  p('Heat Protect Spray 150ml', 'Hair Care', 16),
  p('Gentle Foaming Cleanser 150ml', 'Skin Care', 26),
  p('Lavender Scented Candle', 'Gifts', 22),
  p('Permanent Colour Tube 60ml', 'Professional', 7.2, false),
  p('Hyaluronic Acid Serum 30ml', 'Skin Care', 38),
  p('Volume Mousse 200ml', 'Hair Care', 15),
  p('Hand Cream 75ml', 'Body', 12.5),
  p('Acetone 1L', 'Professional', 6.5, false),
  p('Retinol Night Cream 50ml', 'Skin Care', 48),
  p('Texturising Sea Salt Spray 200ml', 'Hair Care', 17),
  p('Nail Strengthener 10ml', 'Nail Care', 11),
  p('Bleach Powder 500g', 'Professional', 18, false),
  p('Pamper Trio Gift Set', 'Gifts', 45),
  p('Eye Recovery Gel 15ml', 'Skin Care', 29),
  p('Wax Strips (100)', 'Professional', 5.5, false),
  p('Dead Sea Bath Salts 500g', 'Body', 19),
  p('Purple Toning Shampoo 250ml', 'Hair Care', 20),
  p('Nitrile Gloves (100)', 'Professional', 8, false),
  p('Exfoliating Body Scrub 200ml', 'Body', 24),
  p('Clay Purifying Mask 75ml', 'Skin Care', 32),
  p('Gel Polish - Nude Blush 15ml', 'Nail Care', 14),
  p('Ultrasound Gel 5L', 'Professional', 16, false),
  p('Dry Shampoo 200ml', 'Hair Care', 14),
  p('SPF50 Face Fluid 40ml', 'Skin Care', 34),
  p('Foot Repair Balm 75ml', 'Body', 15),
  p('Disposable Towels (50)', 'Professional', 12, false),
  p('Curl Defining Cream 150ml', 'Hair Care', 19),
  p('Reed Diffuser - Eucalyptus', 'Gifts', 30),
  p('Lip Conditioning Balm', 'Skin Care', 9),
  p('Gel Base Coat 15ml', 'Professional', 11, false),
  p('Bond Repair Mask 200ml', 'Hair Care', 32),
  p('Micellar Water 200ml', 'Skin Care', 18),
  p('Nail File Set', 'Nail Care', 6.5),
  p('Numbing Cream 30g', 'Professional', 22, false),
  p('Silk Pillowcase', 'Gifts', 55),
  p('Scalp Treatment Serum 50ml', 'Hair Care', 27),
  p('Body Butter 200ml', 'Body', 21),
  p('Lash Growth Serum 3ml', 'Skin Care', 39),
];

export interface CourseTemplate {
  name: string;
  category: string;
  services: string[];
  sessions: number;
  expiryDays: number;
  /** Share of the full-price total the course costs. */
  discount: number;
  flagship?: boolean;
}

export const COURSE_TEMPLATES: CourseTemplate[] = [
  {
    name: 'Massage Bundle - 5 Sessions',
    category: 'Massage',
    sessions: 5,
    expiryDays: 365,
    discount: 0.85,
    services: ['Swedish Massage', 'Deep Tissue Massage', 'Aromatherapy Massage'],
  },
  {
    name: 'Blow Dry Club - 10 Blow Dries',
    category: 'Hair',
    sessions: 10,
    expiryDays: 180,
    discount: 0.8,
    services: ['Blow Dry'],
  },
  {
    name: 'Laser Hair Removal - Course of 6',
    category: 'Aesthetics',
    sessions: 6,
    expiryDays: 365,
    discount: 0.75,
    services: ['Laser Hair Removal - Small Area'],
    flagship: true,
  },
  {
    name: 'Chemical Peel - Course of 3',
    category: 'Aesthetics',
    sessions: 3,
    expiryDays: 180,
    discount: 0.85,
    services: ['Chemical Peel'],
    flagship: true,
  },
  {
    name: 'Facial Membership - 6 Facials',
    category: 'Facials',
    sessions: 6,
    expiryDays: 365,
    discount: 0.8,
    services: ['Signature Facial', 'Express Facial', 'HydraFacial'],
  },
  {
    name: 'Microneedling - Course of 3',
    category: 'Aesthetics',
    sessions: 3,
    expiryDays: 270,
    discount: 0.85,
    services: ['Microneedling'],
    flagship: true,
  },
];

export const MEMBERSHIP_TEMPLATES = [
  { name: 'Glow Club Monthly', code: 'GLOW-M', price: 39, termMonths: 1, discount: 10 },
  { name: 'Spa Club Annual', code: 'SPA-A', price: 399, termMonths: 12, discount: 15 },
  { name: 'Hair Club Quarterly', code: 'HAIR-Q', price: 99, termMonths: 3, discount: 10 },
  { name: 'VIP Black', code: 'VIP-B', price: 1200, termMonths: 12, discount: 20 },
  { name: 'Student Saver', code: 'STU-A', price: 49, termMonths: 12, discount: 10 },
];
