// Demo articles with real, useful pet-health content, loaded on a fresh installation.
import { CARE_GUIDES } from './demo-care-guides';

export interface DemoArticle {
  kind: 'blog' | 'ai';
  title: string;
  author: string;
  /** Illustration shipped in web/public/images/articles/ (scripts/generate-article-art.ts made the newer ones). */
  image: string;
  /** What the illustration shows, for readers who cannot see it. */
  imageAlt: string;
  subContent: string;
  contents: string;
}

/** Author portraits shipped in web/public/images/authors/. */
export const DEMO_AUTHOR_AVATARS: Record<string, string> = {
  'Dr. Maria Alvarez': '/images/authors/maria-alvarez.svg',
  'Dr. Kevin Osei': '/images/authors/kevin-osei.svg',
  'Dr. Priya Natarajan': '/images/authors/priya-natarajan.svg',
  'Sam Whitaker': '/images/authors/sam-whitaker.svg',
  'Animal Doctor Editorial': '/images/authors/animal-doctor-editorial.svg',
  'Dr. Grace Okafor': '/images/authors/grace-okafor.svg',
  'Dr. Robert Kim': '/images/authors/robert-kim.svg',
};

const FIRST_ARTICLES: DemoArticle[] = [
  {
    kind: 'blog',
    title: 'Your puppy’s first year of vaccinations',
    author: 'Dr. Maria Alvarez',
    image: '/images/articles/puppy-vaccinations.svg',
    imageAlt: 'A vaccination calendar with ticked dates and a syringe',
    subContent: 'Which shots your puppy needs, when to give them, and why the booster at 16 weeks matters so much.',
    contents: `<p>Puppies are born with some protection from their mother’s milk, but it fades between six and sixteen weeks of age. Vaccines given in that window teach the immune system to defend itself before the maternal antibodies are gone.</p>
<h2>The core vaccines</h2>
<ul><li><strong>Distemper, adenovirus and parvovirus</strong> (often combined as DHPP): at 6–8, 10–12 and 14–16 weeks, then a booster at one year.</li><li><strong>Rabies</strong>: one dose at 12–16 weeks as required by state law, a booster after one year, then every one or three years depending on the vaccine.</li></ul>
<h2>Lifestyle vaccines</h2>
<p>Leptospirosis, Bordetella (kennel cough), canine influenza and Lyme disease vaccines depend on where you live and what your dog does. A puppy going to day care or hiking in tick country needs a different plan from one living in a city apartment.</p>
<h2>Why the last booster matters</h2>
<p>Until the final puppy shot at about 16 weeks, assume your puppy is not fully protected against parvovirus. Avoid dog parks and pet-store floors until then, but do keep socialising with healthy, vaccinated dogs you know.</p>
<h2>Keeping the record</h2>
<p>Ask for a written or digital vaccination record at every visit and keep a copy with your puppy’s microchip number. Boarding kennels, groomers, training classes and day care will ask for it, and so will a new vet if you move.</p>
<p>Mild tiredness or a small lump at the injection site for a day or two is common. Call your vet straight away if you see facial swelling, hives, vomiting or difficulty breathing after a vaccine: allergic reactions are rare but need prompt treatment.</p>`,
  },
  {
    kind: 'blog',
    title: 'Five signs of dental disease in cats',
    author: 'Dr. Kevin Osei',
    image: '/images/articles/cat-dental-health.svg',
    imageAlt: 'A smiling orange cat next to a toothbrush',
    subContent: 'Most cats over three have some dental disease. Learn the quiet signs before they become painful problems.',
    contents: `<p>Cats hide pain well, and their mouths are no exception. By the age of three most cats have some degree of periodontal disease, and many also develop painful tooth resorption.</p>
<ol><li><strong>Bad breath</strong> that persists is not normal and usually means bacteria and tartar build-up.</li><li><strong>Red gums</strong>, especially a thin red line where the gum meets the tooth.</li><li><strong>Chewing on one side</strong> or dropping food from the mouth.</li><li><strong>Drooling</strong> or pawing at the face.</li><li><strong>Less grooming</strong>, leaving the coat greasy or matted.</li></ol>
<p>Your vet examines the mouth at every check-up, but a full assessment needs dental X-rays under anaesthesia because most of a tooth sits below the gum line. Daily brushing with a pet toothpaste is the best prevention; dental diets and water additives help a little.</p>
<h2>What treatment involves</h2>
<p>A professional cleaning is done under general anaesthesia so that the vet can clean below the gum line, take X-rays and examine every tooth safely. Teeth affected by resorption or severe periodontal disease are usually extracted; cats eat well, even dry food, after they have healed.</p>
<h2>Starting a brushing routine</h2>
<p>Start slowly: let your cat lick a little pet toothpaste from your finger for a few days, then rub it along the gums, and only then introduce a soft finger brush. Never use human toothpaste, which can contain xylitol or fluoride in amounts unsafe for pets.</p>`,
  },
  {
    kind: 'blog',
    title: 'What to put in a pet first-aid kit',
    author: 'Dr. Maria Alvarez',
    image: '/images/articles/pet-first-aid-kit.svg',
    imageAlt: 'A red first-aid kit with a thermometer and a bandage roll',
    subContent: 'A short list of supplies that helps you act calmly in the minutes before you reach the vet.',
    contents: `<p>A first-aid kit does not replace a veterinarian, but it lets you protect a wound, control bleeding and keep your pet comfortable on the way to the clinic.</p>
<ul><li>Your vet’s phone number, the nearest 24/7 emergency hospital and an animal poison control number</li><li>Gauze pads and rolls, non-stick dressings and self-adhesive bandage</li><li>Blunt-ended scissors and tweezers or a tick remover</li><li>Saline solution for flushing eyes and wounds</li><li>A digital thermometer (normal for dogs and cats: 100.5–102.5 °F)</li><li>A soft muzzle: even gentle pets may bite when in pain</li><li>A towel or blanket for warmth and for carrying small animals</li></ul>
<p>Do not give human painkillers. Many, including ibuprofen and acetaminophen, are toxic to pets even in small doses.</p>
<h2>Where to keep it</h2>
<p>Keep the kit in one place everyone at home knows, and a smaller copy in the car. Check it twice a year: replace anything used or past its date, and make sure the phone numbers are still right.</p>
<h2>First aid is the first step only</h2>
<p>For bleeding, press a clean pad firmly on the wound for several minutes without lifting it to look. For suspected poisoning, do not make your pet vomit unless a veterinarian or poison control tells you to. Then call ahead, so the clinic is ready when you arrive.</p>`,
  },
  {
    kind: 'blog',
    title: 'Heatstroke in dogs: prevention and first steps',
    author: 'Dr. Priya Natarajan',
    image: '/images/articles/dog-heatstroke.svg',
    imageAlt: 'A dog resting in the shade of a tree on a hot, sunny day',
    subContent: 'Dogs cool themselves mostly by panting. On hot days that is not enough — here is how to keep them safe.',
    contents: `<p>Heatstroke happens when a dog’s body temperature rises above about 104 °F and it cannot cool down. Short-nosed breeds, overweight dogs, puppies and seniors are at the highest risk.</p>
<h2>Warning signs</h2>
<p>Heavy panting, thick drool, bright red gums, weakness, vomiting and collapse. A dog showing these signs needs help now.</p>
<h2>What to do</h2>
<ul><li>Move the dog into shade or air conditioning.</li><li>Wet the body with cool (not ice-cold) water and place it in front of a fan.</li><li>Offer small amounts of water; do not force it.</li><li>Drive to the nearest vet while cooling continues: organ damage can appear hours later.</li></ul>
<p>Never leave a dog in a parked car. On a 75 °F day the inside can pass 100 °F within twenty minutes.</p>
<h2>Prevention on hot days</h2>
<ul><li>Walk early in the morning or late in the evening, and test the pavement with the back of your hand: if you cannot hold it there for five seconds, it is too hot for paws.</li><li>Always carry water and a bowl, and take breaks in the shade.</li><li>Cut play and training sessions short, especially for flat-faced breeds that struggle to pant efficiently.</li></ul>`,
  },
  {
    kind: 'blog',
    title: 'Choosing pet insurance without regrets',
    author: 'Sam Whitaker',
    image: '/images/articles/pet-insurance.svg',
    imageAlt: 'An insurance policy and a green shield with a paw print',
    subContent: 'Deductibles, reimbursement rates and waiting periods explained in plain words.',
    contents: `<p>The right policy depends on your budget and on how you would pay for a sudden $3,000 bill. Compare policies on the same terms before you compare prices.</p>
<ul><li><strong>Deductible</strong>: annual deductibles are simpler than per-condition ones.</li><li><strong>Reimbursement</strong>: 80 % is a common middle ground.</li><li><strong>Limits</strong>: an unlimited annual limit protects you from the rare very large bill.</li><li><strong>Waiting periods</strong>: illness cover often starts after 14 days, orthopaedic cover later.</li></ul>
<p>Enrol while your pet is young and healthy: anything diagnosed before cover starts is usually excluded for life.</p>
<h2>Read the exclusions</h2>
<p>Pre-existing conditions are the main exclusion, and some policies treat a problem on both sides of the body (both knees, both hips) as one condition. Routine care such as vaccines and cleanings is usually not included; some insurers sell it as an optional wellness add-on, which rarely saves much money.</p>
<h2>A worked example</h2>
<p>With a $250 deductible and 80 % reimbursement, a $3,000 bill for a swallowed sock costs you $250 plus 20 % of the remaining $2,750, or $800 in total, and the insurer pays $2,200. Run the same numbers for each policy you are comparing.</p>`,
  },
  {
    kind: 'blog',
    title: 'Caring for your senior cat',
    author: 'Dr. Kevin Osei',
    image: '/images/articles/senior-cat-care.svg',
    imageAlt: 'A grey senior cat asleep on a soft purple cushion',
    subContent: 'From eleven years on, small changes in habits can be the first sign of kidney, thyroid or joint disease.',
    contents: `<p>Cats are considered seniors from about eleven years of age. Many live well into their late teens with a little extra attention.</p>
<ul><li>Book a check-up every six months, with blood and urine tests once a year.</li><li>Watch water intake and litter-box habits: drinking more can signal kidney disease, diabetes or an overactive thyroid.</li><li>Weigh your cat monthly; unexplained weight loss is worth a vet visit.</li><li>Offer low-sided litter boxes and steps to favourite spots for stiff joints.</li></ul>
<p>Arthritis is common and under-treated in cats. If your cat no longer jumps onto the bed, ask your vet about safe pain relief.</p>
<h2>Food and water</h2>
<p>Older cats often drink too little. Water fountains, several bowls around the home and wet food all help keep them hydrated. Your vet may suggest a diet suited to the kidneys or to weight control, depending on test results; change food gradually over a week or so.</p>
<h2>Comfort and company</h2>
<p>Senior cats sleep more and like warm, soft places. A heated pad designed for pets, regular gentle brushing and predictable routines keep them content. Changes in behaviour, such as crying at night or seeming lost, can be signs of hyperthyroidism, high blood pressure or cognitive decline, all of which can be treated or managed.</p>`,
  },
  {
    kind: 'ai',
    title: 'Rabbit care basics for new owners',
    author: 'Animal Doctor Editorial',
    image: '/images/articles/rabbit-care.svg',
    imageAlt: 'A white rabbit beside a bundle of hay and fresh leaves',
    subContent: 'Hay, space and company: the three things every pet rabbit needs.',
    contents: `<p>Rabbits are social, intelligent animals that can live ten years or more. Most health problems in pet rabbits come from the wrong diet or too little space.</p>
<h2>Diet</h2>
<p>Unlimited fresh grass hay should make up about 80 % of the diet. It wears down constantly growing teeth and keeps the gut moving. Add a handful of leafy greens daily and a small measure of plain pellets; keep fruit and carrots as treats.</p>
<h2>Space and company</h2>
<p>A rabbit needs room to hop, stretch and stand up on its hind legs, plus several hours of exercise a day. Rabbits are happiest in neutered pairs.</p>
<h2>When to call the vet</h2>
<p>A rabbit that stops eating or passing droppings for more than twelve hours may have gut stasis, which is an emergency.</p>
<h2>Handling</h2>
<p>Rabbits are prey animals and many dislike being lifted. Support the chest and hindquarters together, and never pick a rabbit up by the ears or scruff: a frightened kick can injure its spine. Sitting on the floor and letting your rabbit come to you builds trust.</p>
<h2>Vaccination and neutering</h2>
<p>In the United States, rabbit haemorrhagic disease virus type 2 (RHDV2) has spread in many states; ask your vet whether the vaccine is recommended where you live. Neutering prevents uterine cancer in females, reduces territorial behaviour and makes pairs get along.</p>`,
  },
  {
    kind: 'ai',
    title: 'Travelling with your pet: a checklist',
    author: 'Animal Doctor Editorial',
    image: '/images/articles/pet-travel.svg',
    imageAlt: 'A cat in a travel carrier next to a suitcase and a plane',
    subContent: 'Health certificates, carriers and calm: prepare a trip your pet will tolerate well.',
    contents: `<p>Good preparation makes travel safer and less stressful for pets and people alike.</p>
<ul><li>Check the rules of your destination: many states and airlines ask for a recent health certificate and proof of rabies vaccination.</li><li>Make sure the microchip is registered with your current phone number.</li><li>Get your pet used to its carrier or car harness weeks before the trip.</li><li>Pack food, water, medicines, medical records and a familiar blanket.</li><li>Plan stops every two to three hours on long drives.</li></ul>
<p>Ask your vet before using any calming medicine; some sedatives are unsafe for air travel.</p>
<h2>By car</h2>
<p>Secure your pet in a crash-tested carrier or harness, never loose on a seat or in the front where an airbag could hurt it. Never leave a pet alone in a parked car, even with the windows open.</p>
<h2>By air</h2>
<p>Small pets can often travel in the cabin in an approved carrier that fits under the seat. Flat-faced breeds are at higher risk of breathing problems in the hold, and many airlines refuse them there. Book early, because airlines limit the number of pets per flight.</p>`,
  },
  {
    kind: 'ai',
    title: 'Understanding your pet’s blood test results',
    author: 'Animal Doctor Editorial',
    image: '/images/articles/pet-blood-tests.svg',
    imageAlt: 'Blood sample tubes next to a chart of test results',
    subContent: 'What a complete blood count and a chemistry panel tell your vet, in plain language.',
    contents: `<p>Routine blood tests help vets find disease early, often before a pet shows any sign of illness.</p>
<h2>Complete blood count (CBC)</h2>
<p>Counts red cells (anaemia), white cells (infection or inflammation) and platelets (clotting).</p>
<h2>Chemistry panel</h2>
<p>Measures substances that reflect how organs work: creatinine and SDMA for the kidneys, ALT and ALP for the liver, glucose for diabetes, and electrolytes for hydration.</p>
<p>A single value slightly outside the reference range is common and not always meaningful. Your vet reads results together with the physical exam and history, and may repeat a test before drawing conclusions.</p>
<h2>Before the test</h2>
<p>Your vet may ask you to withhold food for several hours before the blood sample, because a recent meal can raise fats and glucose in the blood and make results harder to read. Water is usually fine; ask if you are unsure, and give regular medicines unless told otherwise.</p>
<h2>Why repeat tests help</h2>
<p>Results taken when your pet is healthy create a personal baseline. Trends over several years often say more than one value on its own, especially for kidney markers in older cats and dogs.</p>`,
  },
];

/** Every demo article: 24 blog articles and 8 AI-assisted ones, newest first. */
export const DEMO_ARTICLES: DemoArticle[] = [...FIRST_ARTICLES, ...CARE_GUIDES];
