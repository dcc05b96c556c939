import { isIndia, type ProductFacts } from '../../shared/product-facts';

/**
 * The facts the demo products' pages show (country of origin, manufacturer, importer, contents,
 * warranty), by brand and category: plausible for a demo shop, not a statement about any real
 * product. Indian brands and goods made in India carry no importer; imported goods name the
 * brand's Indian company (or its distributor) as importer. Pure data: deterministic, no I/O.
 */

type Party = readonly [name: string, address: string];

interface BrandFacts {
  /** The brand owner, named as manufacturer. */
  maker: Party;
  /** Where its goods sold here are made, unless `originBy` says otherwise for a category. */
  origin: string;
  originBy?: Readonly<Record<string, string>>;
  /** The Indian maker of the goods it makes in India (else `maker`). */
  indianMaker?: Party;
  /** Who imports what is made abroad. */
  importer?: Party;
  warrantyBy: string;
  /** Months, when the brand gives other than its category's usual. */
  warrantyMonths?: number;
}

const SAMSUNG_INDIA: Party = ['Samsung India Electronics Pvt. Ltd.', '6th Floor, DLF Centre, Sansad Marg, New Delhi 110001'];
const HARMAN_INDIA: Party = ['Harman International (India) Pvt. Ltd.', 'Prestige Tech Park, Marathahalli–Sarjapur Outer Ring Road, Bengaluru 560103'];
const LOGITECH: Party = ['Logitech Europe S.A.', 'EPFL – Quartier de l’Innovation, 1015 Lausanne, Switzerland'];
const LOGITECH_INDIA: Party = ['Logitech Electronics India Pvt. Ltd.', 'Prestige Tech Park, Outer Ring Road, Bengaluru 560103'];
const REDINGTON: Party = ['Redington Ltd.', 'Redington House, Centre Point, Plot 11, Guindy, Chennai 600032'];
const LOGITECH_FACTS: BrandFacts = { maker: LOGITECH, origin: 'China', importer: LOGITECH_INDIA, warrantyBy: 'Logitech (manufacturer)' };

const BRANDS: Readonly<Record<string, BrandFacts>> = {
  Samsung: {
    maker: ['Samsung Electronics Co., Ltd.', '129 Samsung-ro, Yeongtong-gu, Suwon-si, Gyeonggi-do, South Korea'],
    origin: 'Vietnam',
    originBy: { mobiles: 'India', televisions: 'India', refrigerator: 'India' },
    indianMaker: ['Samsung India Electronics Pvt. Ltd.', 'Plot No. 2 & 3, Sector 81, Phase II, Noida, Uttar Pradesh 201305'],
    importer: SAMSUNG_INDIA,
    warrantyBy: 'Samsung India (manufacturer)',
  },
  Apple: {
    maker: ['Apple Inc.', 'One Apple Park Way, Cupertino, CA 95014, USA'],
    origin: 'China',
    originBy: { mobiles: 'India' },
    indianMaker: ['Foxconn Hon Hai Technology India Mega Development Pvt. Ltd.', 'SIPCOT Industrial Park, Sriperumbudur, Tamil Nadu 602105'],
    importer: ['Apple India Pvt. Ltd.', '19th Floor, Concorde Tower C, UB City, Vittal Mallya Road, Bengaluru 560001'],
    warrantyBy: 'Apple India (manufacturer)',
  },
  Sony: {
    maker: ['Sony Corporation', '1-7-1 Konan, Minato-ku, Tokyo 108-0075, Japan'],
    origin: 'Malaysia',
    originBy: { camera: 'Thailand' },
    importer: ['Sony India Pvt. Ltd.', 'A-18, Mohan Co-operative Industrial Estate, Mathura Road, New Delhi 110044'],
    warrantyBy: 'Sony India (manufacturer)',
  },
  boAt: {
    maker: ['Imagine Marketing Ltd. (boAt)', 'Unit 204, Kamla Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai 400013'],
    origin: 'India',
    warrantyBy: 'boAt (manufacturer)',
  },
  JBL: {
    maker: ['Harman International Industries, Inc.', '400 Atlantic Street, Stamford, CT 06901, USA'],
    origin: 'China',
    importer: HARMAN_INDIA,
    warrantyBy: 'Harman India (manufacturer)',
  },
  Intel: {
    maker: ['Intel Corporation', '2200 Mission College Blvd., Santa Clara, CA 95054, USA'],
    origin: 'Malaysia',
    importer: ['Intel Technology India Pvt. Ltd.', '23-56P, Devarabeesanahalli, Varthur Hobli, Outer Ring Road, Bengaluru 560103'],
    warrantyBy: 'Intel (manufacturer)',
  },
  AMD: {
    maker: ['Advanced Micro Devices, Inc.', '2485 Augustine Drive, Santa Clara, CA 95054, USA'],
    origin: 'Malaysia',
    importer: ['AMD India Pvt. Ltd.', 'Prestige Tech Park, Kadubeesanahalli, Outer Ring Road, Bengaluru 560103'],
    warrantyBy: 'AMD (manufacturer)',
  },
  Canon: {
    maker: ['Canon Inc.', '30-2 Shimomaruko 3-chome, Ohta-ku, Tokyo 146-8501, Japan'],
    origin: 'Thailand',
    originBy: { printers: 'Vietnam' },
    importer: ['Canon India Pvt. Ltd.', '7th Floor, Tower B, DLF Cyber Terrace, DLF Phase III, Gurugram, Haryana 122002'],
    warrantyBy: 'Canon India (manufacturer)',
  },
  OnePlus: {
    maker: ['OnePlus Technology (Shenzhen) Co., Ltd.', '18F Tairan Building C, Futian District, Shenzhen, China'],
    origin: 'China',
    originBy: { mobiles: 'India', televisions: 'India' },
    indianMaker: ['OPPO Mobiles India Pvt. Ltd.', 'Plot No. 1, Sector Ecotech-7, Greater Noida, Uttar Pradesh 201306'],
    importer: ['OnePlus Technology India Pvt. Ltd.', 'Plot No. 92, Sector 44, Gurugram, Haryana 122003'],
    warrantyBy: 'OnePlus India (manufacturer)',
  },
  LG: {
    maker: ['LG Electronics Inc.', 'LG Twin Towers, 128 Yeoui-daero, Yeongdeungpo-gu, Seoul, South Korea'],
    origin: 'India',
    indianMaker: ['LG Electronics India Ltd.', 'Plot No. 51, Udyog Vihar, Surajpur-Kasna Road, Greater Noida, Uttar Pradesh 201306'],
    importer: ['LG Electronics India Ltd.', 'A-Wing, 3rd Floor, D-3, District Centre, Saket, New Delhi 110017'],
    warrantyBy: 'LG India (manufacturer)',
  },
  HP: {
    maker: ['HP Inc.', '1501 Page Mill Road, Palo Alto, CA 94304, USA'],
    origin: 'China',
    importer: ['HP India Sales Pvt. Ltd.', '24 Salarpuria Arena, Hosur Main Road, Adugodi, Bengaluru 560030'],
    warrantyBy: 'HP India (manufacturer)',
  },
  realme: {
    maker: ['Realme Chongqing Mobile Telecommunications Corp., Ltd.', 'No. 24 Nichang Boulevard, Huixing Block, Yubei District, Chongqing, China'],
    origin: 'China',
    originBy: { mobiles: 'India' },
    indianMaker: ['Realme Mobile Telecommunications (India) Pvt. Ltd.', 'Plot No. 1, Sector Ecotech-7, Greater Noida, Uttar Pradesh 201306'],
    importer: ['Realme Mobile Telecommunications (India) Pvt. Ltd.', '3rd Floor, Tower B, Unitech Cyber Park, Sector 39, Gurugram, Haryana 122001'],
    warrantyBy: 'realme India (manufacturer)',
  },
  Xiaomi: {
    maker: ['Xiaomi Communications Co., Ltd.', 'Xiaomi Campus, Anningzhuang Road, Haidian District, Beijing, China'],
    origin: 'China',
    originBy: { mobiles: 'India', televisions: 'India' },
    indianMaker: ['Dixon Technologies (India) Ltd.', 'B-14 & 15, Phase II, Noida, Uttar Pradesh 201305'],
    importer: ['Xiaomi Technology India Pvt. Ltd.', 'Prestige Tech Park, Marathahalli–Sarjapur Outer Ring Road, Bengaluru 560103'],
    warrantyBy: 'Xiaomi India (manufacturer)',
  },
  Philips: {
    maker: ['Philips Consumer Lifestyle B.V.', 'Tussendiepen 4, 9206 AD Drachten, Netherlands'],
    origin: 'India',
    indianMaker: ['Philips Domestic Appliances India Ltd.', 'Plot No. A-8, MIDC Chakan, Pune, Maharashtra 410501'],
    importer: ['Philips Domestic Appliances India Ltd.', '9th Floor, DLF Building 9B, DLF Cyber City, Gurugram, Haryana 122002'],
    warrantyBy: 'Philips India (manufacturer)',
    warrantyMonths: 24,
  },
  Panasonic: {
    maker: ['Panasonic Holdings Corporation', '1006 Oaza Kadoma, Kadoma City, Osaka 571-8501, Japan'],
    origin: 'China',
    originBy: { camera: 'Japan', refrigerator: 'India' },
    indianMaker: ['Panasonic Life Solutions India Pvt. Ltd.', 'Plot No. 1, Sector 1, Model Economic Township, Jhajjar, Haryana 124103'],
    importer: ['Panasonic Life Solutions India Pvt. Ltd.', '12th Floor, Ambience Tower, Ambience Island, NH-8, Gurugram, Haryana 122002'],
    warrantyBy: 'Panasonic India (manufacturer)',
  },
  Logitech: LOGITECH_FACTS,
  'Logitech G': LOGITECH_FACTS,
  'Ultimate Ears': LOGITECH_FACTS,
  Zebronics: {
    maker: ['Zebronics India Pvt. Ltd.', 'No. 13/7, Smith Road, Chennai 600002'],
    origin: 'China',
    importer: ['Zebronics India Pvt. Ltd.', 'No. 13/7, Smith Road, Chennai 600002'],
    warrantyBy: 'Zebronics (importer)',
  },
  Noise: {
    maker: ['Nexxbase Marketing Pvt. Ltd. (Noise)', 'Plot No. 65, Sector 44, Gurugram, Haryana 122003'],
    origin: 'India',
    warrantyBy: 'Noise (manufacturer)',
  },
  Nikon: {
    maker: ['Nikon Corporation', 'Shinagawa Intercity Tower C, 2-15-3 Konan, Minato-ku, Tokyo 108-6290, Japan'],
    origin: 'Thailand',
    importer: ['Nikon India Pvt. Ltd.', 'Plot No. 71, Sector 32, Institutional Area, Gurugram, Haryana 122001'],
    warrantyBy: 'Nikon India (manufacturer)',
  },
  Haier: {
    maker: ['Haier Appliances (India) Pvt. Ltd.', 'A-1, MIDC Ranjangaon, Pune, Maharashtra 412220'],
    origin: 'India',
    warrantyBy: 'Haier India (manufacturer)',
  },
  Epson: {
    maker: ['Seiko Epson Corporation', '3-3-5 Owa, Suwa, Nagano 392-8502, Japan'],
    origin: 'Philippines',
    importer: ['Epson India Pvt. Ltd.', '12th Floor, The Millenia, Tower A, 1 Murphy Road, Ulsoor, Bengaluru 560008'],
    warrantyBy: 'Epson India (manufacturer)',
  },
  Brother: {
    maker: ['Brother Industries, Ltd.', '15-1 Naeshiro-cho, Mizuho-ku, Nagoya 467-8561, Japan'],
    origin: 'Vietnam',
    importer: ['Brother International (India) Pvt. Ltd.', '8th Floor, Tower 1, Nautilus, Kalina, Santacruz (East), Mumbai 400098'],
    warrantyBy: 'Brother India (manufacturer)',
  },
  vivo: {
    maker: ['Vivo Mobile India Pvt. Ltd.', 'Plot No. 1, YEIDA Sector 24, Greater Noida, Uttar Pradesh 201310'],
    origin: 'India',
    warrantyBy: 'vivo India (manufacturer)',
  },
  Whirlpool: {
    maker: ['Whirlpool of India Ltd.', 'Plot No. A-4, MIDC Ranjangaon, Pune, Maharashtra 412220'],
    origin: 'India',
    warrantyBy: 'Whirlpool India (manufacturer)',
  },
  Tribit: {
    maker: ['Tribit (Shenzhen) Technology Co., Ltd.', 'Bao’an District, Shenzhen, Guangdong, China'],
    origin: 'China',
    importer: ['Roots Audio Distribution Pvt. Ltd.', 'Plot 5, Okhla Industrial Area Phase II, New Delhi 110020'],
    warrantyBy: 'the importer',
  },
  Titan: {
    maker: ['Titan Company Ltd.', '“Integrity”, No. 193, Veerasandra, Electronics City P.O., Bengaluru 560100'],
    origin: 'India',
    warrantyBy: 'Titan (manufacturer)',
  },
  TCL: {
    maker: ['TCL Electronics Holdings Ltd.', '7th Floor, Building 22E, 22 Science Park East Avenue, Hong Kong Science Park, Hong Kong'],
    origin: 'India',
    indianMaker: ['TCL India Holdings Pvt. Ltd.', 'Electronics Manufacturing Cluster, Tirupati, Andhra Pradesh 517520'],
    warrantyBy: 'TCL India (manufacturer)',
  },
  Syska: {
    maker: ['SSK Exports Pvt. Ltd. (Syska)', 'Syska House, Bhosari, Pune, Maharashtra 411026'],
    origin: 'China',
    importer: ['SSK Exports Pvt. Ltd. (Syska)', 'Syska House, Bhosari, Pune, Maharashtra 411026'],
    warrantyBy: 'Syska (importer)',
  },
  Sennheiser: {
    maker: ['Sennheiser electronic SE & Co. KG', 'Am Labor 1, 30900 Wedemark, Germany'],
    origin: 'China',
    importer: ['Sennheiser Electronics India Pvt. Ltd.', '104, A Wing, Time Tower, MG Road, Gurugram, Haryana 122002'],
    warrantyBy: 'Sennheiser India (manufacturer)',
  },
  Razer: {
    maker: ['Razer Inc.', '9 Pasteur, Suite 100, Irvine, CA 92618, USA'],
    origin: 'China',
    importer: REDINGTON,
    warrantyBy: 'Razer (manufacturer)',
  },
  Portronics: {
    maker: ['Portronics Digital Pvt. Ltd.', 'E-3, Sector 8, Noida, Uttar Pradesh 201301'],
    origin: 'China',
    importer: ['Portronics Digital Pvt. Ltd.', 'E-3, Sector 8, Noida, Uttar Pradesh 201301'],
    warrantyBy: 'Portronics (importer)',
  },
  Pantum: {
    maker: ['Zhuhai Pantum Electronics Co., Ltd.', 'No. 3883 Zhuhai Avenue, Xiangzhou District, Zhuhai, Guangdong, China'],
    origin: 'China',
    importer: REDINGTON,
    warrantyBy: 'Pantum (manufacturer)',
  },
  Nova: {
    maker: ['Nova Electrical Appliances Co., Ltd.', 'Longgang District, Shenzhen, Guangdong, China'],
    origin: 'China',
    importer: ['Nova India Appliances Pvt. Ltd.', 'B-27, Okhla Industrial Area Phase I, New Delhi 110020'],
    warrantyBy: 'the importer',
  },
  Nothing: {
    maker: ['Nothing Technology Ltd.', '9 Handyside Street, London N1C 4DJ, United Kingdom'],
    origin: 'China',
    importer: ['Nothing Technology India Pvt. Ltd.', 'Prestige Trade Tower, Palace Road, Bengaluru 560001'],
    warrantyBy: 'Nothing India (manufacturer)',
  },
  Motorola: {
    maker: ['Motorola Mobility LLC', '222 W. Merchandise Mart Plaza, Chicago, IL 60654, USA'],
    origin: 'India',
    indianMaker: ['Dixon Technologies (India) Ltd.', 'B-14 & 15, Phase II, Noida, Uttar Pradesh 201305'],
    warrantyBy: 'Motorola India (manufacturer)',
  },
  Marshall: {
    maker: ['Marshall Group AB', 'Kungsgatan 36, 111 35 Stockholm, Sweden'],
    origin: 'China',
    importer: REDINGTON,
    warrantyBy: 'Marshall (manufacturer)',
  },
  Havells: {
    maker: ['Havells India Ltd.', 'QRG Towers, 2D, Sector 126, Expressway, Noida, Uttar Pradesh 201304'],
    origin: 'China',
    importer: ['Havells India Ltd.', 'QRG Towers, 2D, Sector 126, Expressway, Noida, Uttar Pradesh 201304'],
    warrantyBy: 'Havells (importer)',
    warrantyMonths: 24,
  },
  Google: {
    maker: ['Google LLC', '1600 Amphitheatre Parkway, Mountain View, CA 94043, USA'],
    origin: 'Vietnam',
    importer: ['Google India Pvt. Ltd.', 'RMZ Infinity, Tower E, Old Madras Road, Bengaluru 560016'],
    warrantyBy: 'Google India (manufacturer)',
  },
  Godrej: {
    maker: ['Godrej & Boyce Mfg. Co. Ltd.', 'Pirojshanagar, Vikhroli (East), Mumbai 400079'],
    origin: 'India',
    warrantyBy: 'Godrej (manufacturer)',
  },
  GoPro: {
    maker: ['GoPro, Inc.', '3025 Clearview Way, San Mateo, CA 94402, USA'],
    origin: 'China',
    importer: REDINGTON,
    warrantyBy: 'GoPro (manufacturer)',
  },
  Garmin: {
    maker: ['Garmin Ltd.', 'Mühlentalstrasse 2, 8200 Schaffhausen, Switzerland'],
    origin: 'Taiwan',
    importer: ['Garmin India Pvt. Ltd.', '10th Floor, Tower C, Building 10, DLF Cyber City, Gurugram, Haryana 122002'],
    warrantyBy: 'Garmin India (manufacturer)',
  },
  Fujifilm: {
    maker: ['FUJIFILM Corporation', '7-3 Akasaka 9-chome, Minato-ku, Tokyo 107-0052, Japan'],
    origin: 'Japan',
    importer: ['Fujifilm India Pvt. Ltd.', '2nd Floor, Unitech Business Park, Tower A, South City I, Gurugram, Haryana 122001'],
    warrantyBy: 'Fujifilm India (manufacturer)',
  },
  'Fire-Boltt': {
    maker: ['Fire-Boltt Pvt. Ltd.', 'Marol, Andheri (East), Mumbai 400059'],
    origin: 'India',
    warrantyBy: 'Fire-Boltt (manufacturer)',
  },
  Dell: {
    maker: ['Dell Inc.', 'One Dell Way, Round Rock, TX 78682, USA'],
    origin: 'China',
    importer: ['Dell International Services India Pvt. Ltd.', 'Divyasree Greens, Challaghatta, Bengaluru 560071'],
    warrantyBy: 'Dell India (manufacturer)',
  },
  Braun: {
    maker: ['Braun GmbH', 'Frankfurter Strasse 145, 61476 Kronberg, Germany'],
    origin: 'Germany',
    importer: ['Procter & Gamble Home Products Pvt. Ltd.', 'P&G Plaza, Cardinal Gracias Road, Chakala, Andheri (East), Mumbai 400099'],
    warrantyBy: 'Procter & Gamble India (importer)',
    warrantyMonths: 24,
  },
  'Boult Audio': {
    maker: ['Boult Audio Pvt. Ltd.', 'Sector 63, Noida, Uttar Pradesh 201301'],
    origin: 'India',
    warrantyBy: 'Boult (manufacturer)',
  },
  Bose: {
    maker: ['Bose Corporation', '100 The Mountain Road, Framingham, MA 01701, USA'],
    origin: 'Malaysia',
    importer: ['Bose Corporation India Pvt. Ltd.', '3rd Floor, Salcon Aurum, Jasola District Centre, New Delhi 110025'],
    warrantyBy: 'Bose India (manufacturer)',
  },
  Bosch: {
    maker: ['BSH Hausgeräte GmbH', 'Carl-Wery-Strasse 34, 81739 Munich, Germany'],
    origin: 'India',
    indianMaker: ['BSH Household Appliances Manufacturing Pvt. Ltd.', 'Plot No. A-4, SIPCOT Industrial Park, Oragadam, Chennai 602105'],
    warrantyBy: 'BSH India (manufacturer)',
  },
  Beardo: {
    maker: ['Zed Lifestyle Pvt. Ltd. (Beardo)', 'Sindhu Bhavan Road, Bodakdev, Ahmedabad, Gujarat 380054'],
    origin: 'China',
    importer: ['Zed Lifestyle Pvt. Ltd. (Beardo)', 'Sindhu Bhavan Road, Bodakdev, Ahmedabad, Gujarat 380054'],
    warrantyBy: 'Beardo (importer)',
  },
  Amazfit: {
    maker: ['Zepp Health Corporation', 'Huami Global Innovation Center, Hefei, Anhui, China'],
    origin: 'China',
    importer: REDINGTON,
    warrantyBy: 'Amazfit (manufacturer)',
  },
  Acer: {
    maker: ['Acer Inc.', '7F-5, No. 369, Fuxing N. Road, Songshan District, Taipei, Taiwan'],
    origin: 'China',
    originBy: { televisions: 'India' },
    indianMaker: ['Indkal Technologies Pvt. Ltd. (Acer licensee)', 'Embassy Golf Links Business Park, Domlur, Bengaluru 560071'],
    importer: ['Acer India Pvt. Ltd.', 'Embassy Heights, 6th Floor, Magrath Road, Bengaluru 560025'],
    warrantyBy: 'Acer (manufacturer)',
  },
  // Brands of the categories owners add most (laptops, power banks), for demo rows that use them.
  Lenovo: {
    maker: ['Lenovo Group Ltd.', '23rd Floor, Lincoln House, Taikoo Place, 979 King’s Road, Quarry Bay, Hong Kong'],
    origin: 'India',
    originBy: { Mouse: 'China' },
    indianMaker: ['Lenovo India Pvt. Ltd.', 'SIPCOT Industrial Park, Pondicherry 605111'],
    importer: ['Lenovo India Pvt. Ltd.', 'Ferns Icon, Marathahalli–Sarjapur Outer Ring Road, Bengaluru 560037'],
    warrantyBy: 'Lenovo India (manufacturer)',
  },
  ASUS: {
    maker: ['ASUSTeK Computer Inc.', '1F, No. 15, Lide Road, Beitou District, Taipei 112, Taiwan'],
    origin: 'China',
    importer: ['ASUS India Pvt. Ltd.', '4C, Gundecha Enclave, Kherani Road, Sakinaka, Andheri (East), Mumbai 400072'],
    warrantyBy: 'ASUS India (manufacturer)',
  },
  Anker: {
    maker: ['Anker Innovations Technology Co., Ltd.', 'Room 701, Building 7, Zhongdian Software Park, Changsha, Hunan, China'],
    origin: 'China',
    importer: REDINGTON,
    warrantyBy: 'Anker (manufacturer)',
    warrantyMonths: 18,
  },
  Ambrane: {
    maker: ['Ambrane India Pvt. Ltd.', 'Plot 74, Sector 5, IMT Manesar, Gurugram, Haryana 122050'],
    origin: 'India',
    warrantyBy: 'Ambrane (manufacturer)',
    warrantyMonths: 6,
  },
};

/** What is in each category's box. */
const IN_THE_BOX: Readonly<Record<string, string>> = {
  airpodes: '1 N: earbuds (pair), charging case, USB-C cable, user guide',
  camera: '1 N: camera, battery, charger, strap, user guide',
  earphones: '1 N: earphones, ear tips (3 sizes), user guide',
  mobiles: '1 N: handset, USB-C cable, SIM ejector pin, quick start guide',
  Mouse: '1 N: mouse, user guide',
  printers: '1 N: printer, starter ink or toner, power cable, USB cable, setup guide',
  processor: '1 N: processor (boxed)',
  refrigerator: '1 N: refrigerator, shelves and trays as fitted, user manual',
  speakers: '1 N: speaker, charging cable, user guide',
  trimmers: '1 N: trimmer, comb attachments, charging adapter, cleaning brush',
  televisions: '1 N: television, table stand, remote control, 2 AAA batteries, user manual',
  watches: '1 N: smartwatch, strap, magnetic charging cable, user guide',
  laptops: '1 N: laptop, power adapter, user guide',
  'power-banks': '1 N: power bank, USB-C cable, user guide',
};

/** The warranty most products of a category come with, in months (appliances and boxed processors run longer). */
const WARRANTY_MONTHS: Readonly<Record<string, number>> = { refrigerator: 24, processor: 36 };

/** The brands the demo's facts know (its tests check every demo product's brand is one). */
export const DEMO_FACT_BRANDS: readonly string[] = Object.keys(BRANDS);

/**
 * The facts of a demo product, from its brand and category; undefined for a brand the demo does
 * not know (it then has none, and the admin list says so, rather than made-up ones).
 */
export function demoFacts(product: { brandName: string; category: string }): ProductFacts | undefined {
  const brand = BRANDS[product.brandName];
  if (!brand) return undefined;
  const origin = brand.originBy?.[product.category] ?? brand.origin;
  const madeHere = isIndia(origin);
  const maker = madeHere ? (brand.indianMaker ?? brand.maker) : brand.maker;
  const importer = madeHere ? undefined : brand.importer;
  return {
    countryOfOrigin: origin,
    manufacturerName: maker[0],
    manufacturerAddress: maker[1],
    importerName: importer?.[0] ?? null,
    importerAddress: importer?.[1] ?? null,
    netQuantity: IN_THE_BOX[product.category] ?? '1 N: the product, user guide',
    warrantyMonths: brand.warrantyMonths ?? WARRANTY_MONTHS[product.category] ?? 12,
    warrantyBy: brand.warrantyBy,
  };
}
