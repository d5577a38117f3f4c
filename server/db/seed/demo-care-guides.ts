// More demo articles (18 blog, 5 AI-assisted): practical care guides for US pet owners, reviewed
// for accuracy against common veterinary guidance. Covers come from scripts/generate-article-art.ts.
import type { DemoArticle } from './demo-articles';

const img = (name: string) => `/images/articles/${name}.svg`;

export const CARE_GUIDES: DemoArticle[] = [
  {
    kind: 'blog',
    title: 'Heartworm prevention all year round',
    author: 'Dr. Priya Natarajan',
    image: img('heartworm-prevention'),
    imageAlt: 'A red heart with a pulse line, a dog and a pill',
    subContent: 'Heartworm disease is spread by mosquitoes in all 50 states. Prevention is simple; treatment is long and hard on your dog.',
    contents: `<p>Heartworms are parasites that live in the heart and lungs. A mosquito picks up tiny larvae from an infected dog, coyote or fox and passes them to the next animal it bites. Cases have been found in every US state, and mosquitoes survive indoors and through mild winters.</p>
<h2>Why year-round</h2>
<p>The American Heartworm Society recommends giving a preventive every month of the year and testing dogs every year. A missed month or a dose spat out behind the couch can leave a gap, and the yearly test catches an infection early.</p>
<h2>Your options</h2>
<ul><li>A monthly chewable tablet, many of which also control intestinal worms</li><li>A monthly topical liquid applied to the skin</li><li>An injection given by your veterinarian that lasts six or twelve months</li></ul>
<h2>What treatment involves</h2>
<p>Treating an infected dog takes several months: a series of injections, strict rest to avoid a blocked lung artery as the worms die, and repeated tests. It costs many times more than a year of prevention.</p>
<h2>Cats get heartworm too</h2>
<p>Cats are less often infected, but even one or two worms can cause coughing, breathing trouble or sudden death, and there is no approved treatment for cats. Indoor cats are bitten by mosquitoes too, so ask your vet about a feline preventive.</p>`,
  },
  {
    kind: 'blog',
    title: 'Fleas and ticks: choosing the right protection',
    author: 'Dr. Maria Alvarez',
    image: img('fleas-and-ticks'),
    imageAlt: 'A tick next to a paw print and a small flower',
    subContent: 'Most of a flea problem lives in your home, not on your pet. How to break the cycle and remove a tick safely.',
    contents: `<p>Fleas cause itching, skin infections and tapeworms; ticks carry Lyme disease, ehrlichiosis, anaplasmosis and Rocky Mountain spotted fever. Modern preventives make both easy to control when they are used every month.</p>
<h2>The flea life cycle</h2>
<p>The adult fleas you see are only a small part of an infestation. Eggs fall off your pet into carpets, bedding and furniture, and new fleas keep hatching for weeks. Treat every dog and cat in the household for at least three months, and vacuum and wash pet bedding often.</p>
<h2>Use the product made for that species</h2>
<p>Some dog flea products contain permethrin, which is highly toxic to cats. Never put a dog product on a cat, and keep cats away from a freshly treated dog until the product has dried.</p>
<h2>Removing a tick</h2>
<ol><li>Grasp the tick with fine-tipped tweezers as close to the skin as you can.</li><li>Pull upward with steady, even pressure; do not twist or crush it.</li><li>Clean the area and your hands, and note the date.</li></ol>
<p>Skip petroleum jelly, nail polish and hot matches: they delay removal. Check your dog after every walk in woods or tall grass, especially between the toes, around the ears and under the collar, and ask your vet whether the Lyme vaccine makes sense where you live.</p>`,
  },
  {
    kind: 'blog',
    title: 'Human foods that are dangerous for dogs',
    author: 'Dr. Kevin Osei',
    image: img('toxic-foods-dogs'),
    imageAlt: 'A purple food bowl next to a dog and a warning star',
    subContent: 'Xylitol, grapes, chocolate and onions top the list. What to do if your dog has eaten something it should not.',
    contents: `<p>Dogs eat first and ask questions later. A few common foods can cause serious illness even in small amounts.</p>
<ul><li><strong>Xylitol</strong>, a sweetener in sugar-free gum, candy, some peanut butters and baked goods, causes a sudden drop in blood sugar and can damage the liver.</li><li><strong>Grapes, raisins and currants</strong> can cause kidney failure; there is no known safe amount.</li><li><strong>Chocolate</strong> contains theobromine. Dark and baking chocolate are the most dangerous.</li><li><strong>Onions, garlic, chives and leeks</strong>, raw, cooked or powdered, damage red blood cells.</li><li><strong>Macadamia nuts</strong> cause weakness, tremors and fever.</li><li><strong>Alcohol and raw bread dough</strong>: the dough rises in the stomach and produces alcohol.</li></ul>
<h2>If your dog ate something toxic</h2>
<p>Call your veterinarian, the nearest emergency hospital or the ASPCA Animal Poison Control Center at (888) 426-4435 (a consultation fee may apply). Have the package at hand: the ingredient list and the amount eaten decide the treatment.</p>
<p>Do not make your dog vomit unless a veterinarian tells you to. Some substances do more damage coming back up, and salt or hydrogen peroxide given at home can cause harm of their own.</p>`,
  },
  {
    kind: 'blog',
    title: 'Lilies and cats: a deadly combination',
    author: 'Dr. Kevin Osei',
    image: img('lilies-and-cats'),
    imageAlt: 'A pink lily beside a cat and a drop of water',
    subContent: 'A few grains of pollen from a true lily can cause kidney failure in a cat. Which flowers to keep out of your home.',
    contents: `<p>True lilies (the <em>Lilium</em> family, such as Easter, tiger, Asiatic, Oriental and stargazer lilies) and day lilies (<em>Hemerocallis</em>) are among the most dangerous plants for cats. Every part is toxic: petals, leaves, stems, pollen and even the water in the vase.</p>
<h2>What happens</h2>
<p>Within a few hours a cat may vomit, drool, stop eating or hide. Acute kidney failure can follow within one to three days. A cat that licks pollen off its fur while grooming can be poisoned without ever chewing the plant.</p>
<h2>Act fast</h2>
<p>If you think your cat has touched or chewed a lily, go to a veterinarian at once and bring the plant or a photo. Early treatment with intravenous fluids, ideally within the first 18 hours, gives the best chance of saving the kidneys.</p>
<h2>Flowers with similar names</h2>
<p>Peace lilies and calla lilies are not true lilies. They irritate the mouth and cause drooling, but do not cause kidney failure. The safest choice is simple: no lilies in homes with cats, and let friends know before they send a bouquet.</p>`,
  },
  {
    kind: 'blog',
    title: 'Spaying and neutering: timing and recovery',
    author: 'Dr. Maria Alvarez',
    image: img('spay-neuter'),
    imageAlt: 'A syringe next to a cat and a dog',
    subContent: 'When to schedule the surgery for your kitten or puppy, and how to help the first two weeks of healing go smoothly.',
    contents: `<p>Spaying (removing the ovaries and usually the uterus) and neutering (removing the testicles) prevent unplanned litters and lower the risk of several diseases, including uterine infections and some cancers.</p>
<h2>When</h2>
<ul><li><strong>Cats:</strong> by five months of age, before the first heat, is widely recommended.</li><li><strong>Small-breed dogs:</strong> usually around six months.</li><li><strong>Large and giant breeds:</strong> many vets now suggest waiting until growth is complete, often 12 to 18 months, because early surgery has been linked to joint problems and certain cancers in some breeds.</li></ul>
<p>Your veterinarian will weigh your pet’s breed, sex and lifestyle; ask what they recommend and why.</p>
<h2>The first two weeks at home</h2>
<ul><li>Keep your pet quiet: leash walks only, no running, jumping or rough play for 10 to 14 days.</li><li>Use the cone or a recovery suit so the incision is not licked.</li><li>Check the incision twice a day. Mild redness is normal; swelling, discharge, gaps or bleeding are not.</li><li>No baths or swimming until the stitches are removed or the vet says the skin has healed.</li></ul>
<p>Call your vet if your pet will not eat for more than a day, vomits repeatedly, or seems to be in pain despite the medicine sent home.</p>`,
  },
  {
    kind: 'blog',
    title: 'Microchips: the small step that brings pets home',
    author: 'Sam Whitaker',
    image: img('microchipping'),
    imageAlt: 'A blue microchip next to a paw print and a small house',
    subContent: 'A microchip only works when its registration is up to date. How chips work and what to check today.',
    contents: `<p>A microchip is about the size of a grain of rice. It is placed under the skin between the shoulder blades with a needle, much like a vaccine, and most pets barely notice.</p>
<h2>What a chip does, and does not do</h2>
<p>The chip holds a number that a shelter or vet clinic reads with a scanner. It has no battery and no GPS: it cannot track your pet. The number only leads to you if it is registered with your current phone number and address.</p>
<h2>Keep the registration current</h2>
<ul><li>Register the chip as soon as it is placed; some are never registered at all.</li><li>Update your details whenever you move or change phone numbers.</li><li>If you do not know which company holds the record, the American Animal Hospital Association’s universal pet microchip lookup can tell you.</li></ul>
<h2>Check that it still works</h2>
<p>Ask your veterinarian to scan the chip at the yearly visit. Chips rarely fail or move, but it takes ten seconds to be sure.</p>
<p>A collar with an ID tag is still the quickest way home, since a neighbor can call you without a scanner. Use both.</p>`,
  },
  {
    kind: 'blog',
    title: 'Keeping your pet at a healthy weight',
    author: 'Dr. Maria Alvarez',
    image: img('healthy-weight'),
    imageAlt: 'A green pet scale next to a ball and a bone',
    subContent: 'Extra pounds shorten lives and strain joints. How to tell if your pet is overweight and lose weight safely.',
    contents: `<p>Veterinary surveys find that more than half of the dogs and cats in the United States are overweight. Extra weight raises the risk of arthritis, diabetes and breathing problems, and shortens life.</p>
<h2>Check your pet at home</h2>
<ul><li>You should feel the ribs under a thin layer of fat when you run your hands along the chest, without pressing hard.</li><li>From above, your pet should have a visible waist behind the ribs.</li><li>From the side, the belly should tuck up toward the hind legs.</li></ul>
<h2>A plan that works</h2>
<ol><li>Ask your vet for a target weight and a daily calorie amount.</li><li>Measure every meal with a measuring cup or, better, a kitchen scale.</li><li>Keep treats under 10% of daily calories; green beans or small pieces of carrot work well for many dogs.</li><li>Add play: short walks, fetch, or a wand toy for cats.</li><li>Weigh your pet every two to four weeks and adjust.</li></ol>
<h2>Slow and steady, especially for cats</h2>
<p>Aim for gradual loss, about 1–2% of body weight a week for dogs and less for cats. Never put a cat on a crash diet: a cat that stops eating for even a few days can develop hepatic lipidosis, a serious liver disease.</p>`,
  },
  {
    kind: 'blog',
    title: 'Why is my dog so itchy? Allergies explained',
    author: 'Dr. Grace Okafor',
    image: img('itchy-dog-allergies'),
    imageAlt: 'A large orange paw print beside a flower and a dog',
    subContent: 'Paw licking, ear infections and a red belly often point to allergies. The three common causes and how vets tell them apart.',
    contents: `<p>Allergies in dogs usually show up in the skin rather than as sneezing. Licking and chewing the paws, rubbing the face, scratching the belly and armpits, and repeated ear infections are the classic signs.</p>
<h2>The three usual causes</h2>
<ul><li><strong>Flea allergy:</strong> one bite can set off days of itching, mostly over the lower back and tail base. Strict flea control for every pet in the home is the first step.</li><li><strong>Environmental allergies (atopic dermatitis):</strong> pollen, dust mites and molds. Signs often start between one and three years of age and may follow the seasons.</li><li><strong>Food allergies:</strong> less common than people think, usually a reaction to a protein such as beef, chicken or dairy rather than to grain.</li></ul>
<h2>How a food allergy is diagnosed</h2>
<p>Blood and hair tests for food allergy are not reliable. The only accurate test is an elimination diet: eight to twelve weeks of a prescription hydrolyzed or novel-protein diet with no other food, treats or flavored medicines.</p>
<h2>Treatment</h2>
<p>Allergies are managed rather than cured. Options include modern anti-itch medicines, allergy shots or drops made from your dog’s test results, medicated baths, omega-3 fatty acids and prompt treatment of skin and ear infections. Your vet or a veterinary dermatologist can build a plan that keeps your dog comfortable.</p>`,
  },
  {
    kind: 'blog',
    title: 'Your new kitten’s first weeks at home',
    author: 'Dr. Kevin Osei',
    image: img('new-kitten'),
    imageAlt: 'A purple kitten face next to a small house and a heart',
    subContent: 'A safe room, the first vet visit and a vaccine schedule: how to give your kitten a healthy start.',
    contents: `<p>Kittens settle fastest when their world starts small. Give your kitten one quiet room with food, water, a litter box, a scratching post and a hiding place, then open up the rest of the home over a week or two.</p>
<h2>The first vet visit</h2>
<p>Book a check-up within the first week. Your vet will examine your kitten, check for parasites, start or continue vaccines and discuss testing for feline leukemia virus (FeLV) and feline immunodeficiency virus (FIV).</p>
<h2>Vaccines</h2>
<ul><li><strong>FVRCP</strong> (feline distemper and two respiratory viruses): starting at 6 to 8 weeks and repeated every 3 to 4 weeks until about 16 weeks of age.</li><li><strong>Rabies</strong>: as required by your state, usually at 12 to 16 weeks.</li><li><strong>FeLV</strong>: recommended for kittens, especially any that may go outdoors or live with other cats.</li></ul>
<h2>Kitten-proofing</h2>
<ul><li>Put away string, hair ties, rubber bands and sewing thread: swallowed, they can cut the intestines.</li><li>Keep lilies out of the house and cords out of reach.</li><li>Check the washer and dryer before every load.</li></ul>
<p>Feed a food made for kittens until about one year of age, and plan to spay or neuter by five months.</p>`,
  },
  {
    kind: 'blog',
    title: 'Crate training a puppy, step by step',
    author: 'Sam Whitaker',
    image: img('crate-training'),
    imageAlt: 'A wire dog crate next to a puppy and a bone',
    subContent: 'A crate can become your puppy’s favorite den. How to choose one and build good habits without stress.',
    contents: `<p>Dogs like a small, safe place of their own. Used kindly, a crate helps with house training, keeps a puppy safe when you cannot watch, and makes vet visits and travel easier later.</p>
<h2>Choose the right size</h2>
<p>Your puppy should be able to stand, turn around and lie down comfortably, and not much more: in a huge crate, one corner tends to become the toilet. Many wire crates come with a divider you can move as your puppy grows.</p>
<h2>Step by step</h2>
<ol><li>Leave the door open and toss treats inside; let your puppy explore on its own.</li><li>Feed meals in the crate, with the door open at first.</li><li>Close the door for a few minutes while you sit nearby, then gradually lengthen the time.</li><li>Practice short absences: leave the room, come back calmly.</li></ol>
<h2>How long is too long</h2>
<p>A common rule of thumb is that a puppy can hold its bladder for about its age in months plus one hour, so a three-month-old can manage about four hours at most. Take your puppy out right after waking, eating and playing.</p>
<p>Never use the crate as punishment, and do not leave a dog crated for most of the day. If your puppy panics, drools heavily or hurts itself trying to get out, stop and talk to your veterinarian or a certified trainer about separation anxiety.</p>`,
  },
  {
    kind: 'blog',
    title: 'Winter safety for dogs and cats',
    author: 'Dr. Priya Natarajan',
    image: img('winter-safety'),
    imageAlt: 'A teal snowflake beside a paw print and a water drop',
    subContent: 'Antifreeze, road salt and the cold itself: how to keep pets safe from the first frost to spring.',
    contents: `<p>Cold weather brings its own set of emergencies. A little planning prevents most of them.</p>
<h2>Antifreeze</h2>
<p>Most antifreeze contains ethylene glycol, which tastes sweet and is deadly in small amounts: a few teaspoons can kill a cat. Wipe up spills at once, store containers tightly closed, and consider a propylene glycol product, which is much less toxic. If you suspect your pet drank antifreeze, go to a vet immediately; the antidote works only in the first hours.</p>
<h2>Paws and de-icers</h2>
<p>Road salt and de-icers irritate paw pads and upset the stomach when licked off. Wipe your dog’s paws with a damp cloth after walks, trim the fur between the toes, and consider booties or a paw balm. Use pet-safe ice melt on your own walkways.</p>
<h2>The cold itself</h2>
<ul><li>Short-coated, small, young, old and thin dogs feel the cold fastest; a coat helps.</li><li>Shivering, slowing down, lifting paws or whining mean it is time to go inside.</li><li>Cats outdoors may crawl into warm car engines: knock on the hood before you start the car.</li></ul>
<p>Pets that spend time outside need a dry, draft-free shelter, extra food and water that does not freeze. When it is too cold for you, it is too cold for them.</p>`,
  },
  {
    kind: 'blog',
    title: 'Fireworks and thunderstorms: helping a frightened pet',
    author: 'Sam Whitaker',
    image: img('fireworks-anxiety'),
    imageAlt: 'A burst of pink fireworks beside a dog and a small house',
    subContent: 'Shelters see more lost pets after the Fourth of July. How to prepare, and when to ask your vet for help.',
    contents: `<p>Loud, sudden noises terrify many dogs and cats. Frightened pets can break through screens, jump fences and run for miles, which is why animal shelters across the country take in more lost pets in the days after July Fourth.</p>
<h2>Before the big night</h2>
<ul><li>Check that your pet wears a collar with a current ID tag and that the microchip registration is up to date.</li><li>Take a recent photo of your pet.</li><li>Exercise your dog earlier in the day, and take it out on a leash before the noise starts.</li></ul>
<h2>During the noise</h2>
<ul><li>Keep pets indoors, with doors and windows closed.</li><li>Offer a quiet interior room or covered crate with familiar bedding.</li><li>Turn on the TV, music or a fan to soften the sound.</li><li>Comforting your pet is fine; it does not "reward" fear.</li></ul>
<h2>Ask your vet ahead of time</h2>
<p>For pets with strong noise fear, veterinarians can prescribe medicines made for situational anxiety, and a behavior plan can reduce fear over time. Ask weeks before the holiday so you can try a dose on a quiet day first. Never give your pet human sedatives or sleep aids.</p>`,
  },
  {
    kind: 'blog',
    title: 'Human medicines that poison pets',
    author: 'Dr. Priya Natarajan',
    image: img('human-medicines'),
    imageAlt: 'A red and white capsule next to a cat and a dog',
    subContent: 'Common painkillers, ADHD drugs and antidepressants are among the top causes of poisoning in pets.',
    contents: `<p>Human medicines are one of the most common reasons pets are poisoned. A dropped pill disappears in a second, and many drugs that are safe for us are dangerous for dogs and cats.</p>
<h2>The usual culprits</h2>
<ul><li><strong>Ibuprofen and naproxen:</strong> stomach ulcers and kidney failure, even at doses that seem small.</li><li><strong>Acetaminophen:</strong> cats are extremely sensitive; a single tablet can damage their red blood cells and liver. It also harms dogs at higher doses.</li><li><strong>ADHD medicines and decongestants</strong> such as pseudoephedrine: racing heart, tremors, seizures.</li><li><strong>Antidepressants and sleep aids:</strong> agitation, tremors and dangerous changes in heart rate and temperature.</li><li><strong>Skin creams and patches</strong>, including some prescription creams, can be deadly if licked or chewed.</li></ul>
<h2>Prevention</h2>
<ul><li>Take pills over a sink or a closed counter, not over the floor.</li><li>Keep medicines in cabinets, not on nightstands or in handbags that sit on the floor.</li><li>Store pet and human medicines apart, so no one grabs the wrong bottle.</li></ul>
<p>Never give your pet a human medicine unless your veterinarian prescribes it and tells you the dose. If your pet swallows a pill, call your vet or an animal poison control center right away with the bottle in hand.</p>`,
  },
  {
    kind: 'blog',
    title: 'How to brush your dog’s teeth',
    author: 'Dr. Maria Alvarez',
    image: img('dog-tooth-brushing'),
    imageAlt: 'A white tooth next to a dog and a sparkle',
    subContent: 'Daily brushing is the best thing you can do for your dog’s mouth. A gentle routine most dogs learn to accept.',
    contents: `<p>Most dogs have some dental disease by the age of three. Plaque hardens into tartar within days, so brushing works best when it is daily, or at least several times a week.</p>
<h2>What you need</h2>
<ul><li>A soft dog toothbrush or finger brush</li><li>A toothpaste made for dogs. Never use human toothpaste: it may contain xylitol or fluoride, which are unsafe to swallow.</li></ul>
<h2>A routine that builds up slowly</h2>
<ol><li><strong>Days 1–3:</strong> let your dog lick a little toothpaste from your finger.</li><li><strong>Days 4–7:</strong> lift the lip and rub your finger along the outside of the teeth and gums.</li><li><strong>Week 2:</strong> switch to the brush, with small circles at a 45° angle along the gum line.</li><li>Focus on the outer surfaces of the back teeth and the large canine teeth, where tartar builds fastest.</li></ol>
<p>Keep sessions short and cheerful, and end with praise or a walk.</p>
<h2>Products and professional cleanings</h2>
<p>Dental chews, diets and water additives help a little; look for the Veterinary Oral Health Council (VOHC) seal. Brushing does not replace a professional cleaning under anesthesia, which lets your vet clean below the gum line and take X-rays. Cleanings without anesthesia only polish the visible part of the teeth and are not recommended by veterinary dental specialists.</p>`,
  },
  {
    kind: 'blog',
    title: 'Keeping a pet bird healthy',
    author: 'Dr. Robert Kim',
    image: img('pet-bird-health'),
    imageAlt: 'A green parakeet beside a small flower and a heart',
    subContent: 'Birds hide illness until they are very sick. Diet, safe air and the quiet warning signs every owner should know.',
    contents: `<p>Parakeets, cockatiels and parrots can live for decades with good care. As prey animals they hide weakness, so small changes matter.</p>
<h2>A better diet than seeds</h2>
<p>An all-seed diet is high in fat and short of vitamins and calcium. For most pet birds, a good base is a formulated pelleted diet with fresh vegetables every day and a little fruit. Switch gradually; some birds take weeks to recognise pellets as food.</p>
<h2>Foods and fumes to avoid</h2>
<ul><li>Avocado, chocolate, caffeine, alcohol and salty snacks are toxic to birds.</li><li>Nonstick (PTFE) cookware that overheats releases fumes that can kill a bird within minutes. Never leave a nonstick pan heating empty, and keep birds out of the kitchen.</li><li>Aerosol sprays, scented candles, smoke and strong cleaners irritate a bird’s sensitive lungs.</li></ul>
<h2>Signs that need a vet</h2>
<ul><li>Fluffed feathers and sleeping more during the day</li><li>Sitting on the cage floor, or tail bobbing with each breath</li><li>Changes in the color, amount or consistency of droppings</li><li>Eating less or losing weight; a kitchen scale in grams catches this early</li></ul>
<p>Schedule a check-up with a veterinarian who treats birds once a year, and call promptly when something changes.</p>`,
  },
  {
    kind: 'blog',
    title: 'Ear infections in dogs',
    author: 'Dr. Grace Okafor',
    image: img('dog-ear-infections'),
    imageAlt: 'A curved ear shape beside a dog and a drop',
    subContent: 'Head shaking, odor and scratching at the ears are the usual signs. Why the vet needs to look before treating.',
    contents: `<p>A dog’s ear canal is long and L-shaped, so warmth and moisture get trapped easily. Yeast and bacteria then overgrow, causing an infection called otitis externa.</p>
<h2>Signs</h2>
<ul><li>Shaking the head or tilting it to one side</li><li>Scratching or rubbing the ears</li><li>A bad smell, brown or yellow discharge, redness or swelling</li><li>Pain when the ears are touched</li></ul>
<h2>Why it keeps coming back</h2>
<p>Most ear infections have an underlying cause. Allergies are the most common; others are swimming and bathing, hairy or floppy ears, ear mites and foreign bodies such as grass seeds. Treating the cause is what prevents the next infection.</p>
<h2>Why the vet needs to look first</h2>
<p>Your vet checks that the eardrum is intact, because some ear medicines are harmful if it is torn, and looks at a swab under the microscope to see whether yeast, bacteria or both are involved. Finish the full course of medicine, and go back for the recheck even if the ear looks better.</p>
<h2>At home</h2>
<p>Clean only with a cleaner your vet recommends, and never push cotton swabs into the canal. Vigorous head shaking can burst a blood vessel in the ear flap (an aural hematoma), so do not wait long to get an itchy ear seen.</p>`,
  },
  {
    kind: 'blog',
    title: 'Vomiting and diarrhea: when to call the vet',
    author: 'Dr. Priya Natarajan',
    image: img('vomiting-diarrhea'),
    imageAlt: 'An orange thermometer beside a dog and a cat',
    subContent: 'Most upset stomachs pass in a day. These signs mean your pet should be seen now.',
    contents: `<p>Dogs and cats vomit or have loose stools now and then, often after eating something they should not. A healthy adult that vomits once and then acts normally can usually be watched at home. Some signs, though, should never wait.</p>
<h2>Go to a vet now if</h2>
<ul><li>Your dog retches without bringing anything up and the belly looks swollen: this can be bloat (gastric dilatation-volvulus), a life-threatening emergency, especially in large, deep-chested breeds.</li><li>There is blood in the vomit, or black, tarry stools.</li><li>Your pet vomits repeatedly, cannot keep water down, or seems weak or in pain.</li><li>You know or suspect your pet ate a toxin, a toy, string or bones.</li><li>The patient is a puppy, a kitten, a senior or has a chronic illness.</li><li>Vomiting or diarrhea lasts more than a day.</li></ul>
<h2>Mild cases at home</h2>
<p>Keep fresh water available. For an adult dog your vet may suggest a short break from food and then small meals of a bland diet for a day or two. Cats should not go without food for long, so call your vet if your cat skips meals.</p>
<p>Do not give human anti-nausea or anti-diarrhea medicines without your vet’s advice. Some, such as bismuth subsalicylate, contain salicylate, which is dangerous for cats.</p>`,
  },
  {
    kind: 'blog',
    title: 'Bringing home an adult shelter dog',
    author: 'Sam Whitaker',
    image: img('adopting-shelter-dog'),
    imageAlt: 'A pink house beside a heart and a dog',
    subContent: 'Three days, three weeks, three months: what to expect as your adopted dog settles in.',
    contents: `<p>Adult dogs from shelters and rescues make wonderful companions, and many arrive already house-trained. They also arrive in a strange place with strange people, and need time.</p>
<h2>The 3-3-3 guideline</h2>
<ul><li><strong>The first three days:</strong> your dog may be nervous, sleep a lot, eat little or hide. Keep things quiet and skip visitors.</li><li><strong>The first three weeks:</strong> your dog learns your routine and starts to show its personality, including habits you will want to work on.</li><li><strong>The first three months:</strong> most dogs feel at home and trust you.</li></ul>
<p>Every dog is different; this is a rough guide, not a deadline.</p>
<h2>Practical first steps</h2>
<ul><li>Bring the shelter’s medical records to a check-up with your own vet in the first week or two.</li><li>Update the microchip registration to your name and phone number.</li><li>Use a secure, well-fitted harness or collar; newly adopted dogs are most likely to bolt.</li><li>Keep a consistent schedule for meals, walks and sleep.</li></ul>
<p>Reward the behavior you want and give your dog quiet places to retreat. If you see growling over food or toys, or panic when left alone, a certified trainer or a veterinary behaviorist can help early, before habits set.</p>`,
  },
  {
    kind: 'ai',
    title: 'Setting up a litter box your cat will use',
    author: 'Animal Doctor Editorial',
    image: img('litter-box-setup'),
    imageAlt: 'A green litter box beside a cat and a heart',
    subContent: 'One box per cat plus one, in quiet places, scooped daily. And the one litter box sign that is an emergency.',
    contents: `<p>Most litter box problems come from the box, not the cat. A few simple rules prevent many of them.</p>
<h2>The basics</h2>
<ul><li><strong>Number:</strong> one box per cat, plus one extra, on different floors if your home has them.</li><li><strong>Size:</strong> at least one and a half times the length of your cat; many commercial boxes are too small. A large storage tub works well.</li><li><strong>Litter:</strong> most cats prefer fine, unscented, clumping litter about two inches deep.</li><li><strong>Place:</strong> quiet spots away from food, water and noisy appliances, where a cat cannot be cornered by another pet.</li><li><strong>Cleaning:</strong> scoop at least once a day and wash the box with mild soap regularly.</li></ul>
<h2>When a cat stops using the box</h2>
<p>Peeing outside the box can be a sign of a urinary tract problem, bladder stones, arthritis that makes climbing in painful, or stress. Have your cat checked by a veterinarian before assuming it is behavior.</p>
<h2>An emergency to know</h2>
<p>A cat, especially a male, that strains in the box and passes little or no urine may have a urethral blockage. This can be fatal within a day or two. Go to a vet immediately.</p>`,
  },
  {
    kind: 'ai',
    title: 'Guinea pig care: vitamin C, hay and company',
    author: 'Animal Doctor Editorial',
    image: img('guinea-pig-care'),
    imageAlt: 'A brown guinea pig beside a flower and a heart',
    subContent: 'Guinea pigs cannot make their own vitamin C and need unlimited hay and a friend. A starter guide.',
    contents: `<p>Guinea pigs are gentle, chatty animals that live about five to seven years. Their needs are specific, and most health problems come from diet.</p>
<h2>Vitamin C every day</h2>
<p>Like people, guinea pigs cannot make their own vitamin C. Without it they develop scurvy: sore joints, a rough coat, bleeding gums and weakness. Feed a fresh, guinea-pig-specific pellet and daily vegetables rich in vitamin C, such as bell peppers and leafy greens. Vitamin drops in the water are unreliable, because the vitamin breaks down quickly.</p>
<h2>Unlimited hay</h2>
<p>Grass hay such as timothy should make up most of the diet. Guinea pig teeth grow all their lives, and chewing hay wears them down and keeps the gut moving.</p>
<h2>Space and company</h2>
<ul><li>Guinea pigs are social: keep at least two, of the same sex or with a neutered male.</li><li>They need floor space to run more than height; most pet-store cages are too small.</li><li>Use soft bedding and a solid floor, not wire, to protect their feet.</li></ul>
<h2>See a vet if</h2>
<p>your guinea pig stops eating or passing droppings, loses weight, drools, or breathes noisily. Guinea pigs go downhill quickly, so find a veterinarian who treats small mammals before you need one.</p>`,
  },
  {
    kind: 'ai',
    title: 'How much water does your dog need?',
    author: 'Animal Doctor Editorial',
    image: img('dog-hydration'),
    imageAlt: 'A blue water drop beside a bowl and the sun',
    subContent: 'A rough daily guide, the signs of dehydration, and why a sudden change in thirst deserves a vet visit.',
    contents: `<p>Most healthy dogs drink roughly half an ounce to one ounce of water per pound of body weight a day. A 40-pound dog needs about two and a half to five cups. Dogs eating canned food drink less, and heat, exercise and nursing raise the need.</p>
<h2>Keeping water available</h2>
<ul><li>Clean the bowl daily and refill it with fresh water.</li><li>Carry water and a bowl on walks and car trips, especially in summer.</li><li>In winter, check that outdoor water has not frozen.</li></ul>
<h2>Signs of dehydration</h2>
<ul><li>Dry, sticky gums</li><li>Skin on the back of the neck that stays tented when gently lifted</li><li>Sunken eyes, tiredness, loss of appetite</li></ul>
<p>A dehydrated dog that is also vomiting, has diarrhea or has been in the heat should see a vet the same day.</p>
<h2>Drinking much more than usual</h2>
<p>A dog that suddenly drinks and urinates far more than normal may have diabetes, kidney disease, Cushing’s disease or a uterine infection in unspayed females. Do not limit the water; call your vet, and bring a fresh urine sample if you can.</p>`,
  },
  {
    kind: 'ai',
    title: 'How much exercise does your dog need?',
    author: 'Animal Doctor Editorial',
    image: img('dog-exercise'),
    imageAlt: 'A yellow tennis ball beside a dog and the sun',
    subContent: 'From 30 minutes to two hours a day depending on breed, age and health, plus play that works the mind.',
    contents: `<p>Exercise keeps dogs fit, at a healthy weight and calmer at home. How much depends on breed, age and health.</p>
<h2>A rough guide</h2>
<ul><li><strong>High-energy working and herding breeds</strong> (such as border collies, shepherds and many retrievers): often one to two hours of activity a day.</li><li><strong>Most medium-sized companion dogs:</strong> about an hour, split into two or three outings.</li><li><strong>Small, senior and short-nosed breeds:</strong> shorter, gentler sessions, often 30 minutes or so in total.</li></ul>
<h2>Puppies and seniors</h2>
<p>Puppies do best with several short play sessions rather than long runs; wait until your vet says growth is complete before jogging with a large-breed dog. Older dogs still need daily walks to keep joints moving, just slower and on softer ground.</p>
<h2>Play it safe</h2>
<ul><li>In hot weather, walk early or late and test the pavement with your hand.</li><li>Short-nosed breeds such as bulldogs and pugs overheat quickly.</li><li>Stop if your dog lags behind, limps, or pants heavily and will not settle.</li></ul>
<h2>Exercise the mind too</h2>
<p>Sniffing walks, puzzle feeders, short training sessions and scent games tire a dog out as much as running, and they are ideal on rainy days.</p>`,
  },
  {
    kind: 'ai',
    title: 'Bearded dragon basics: heat, light and diet',
    author: 'Animal Doctor Editorial',
    image: img('bearded-dragon'),
    imageAlt: 'An orange bearded dragon beside the sun and a thermometer',
    subContent: 'A warm basking spot, the right UVB light and a diet that changes with age keep bearded dragons healthy.',
    contents: `<p>Bearded dragons are popular, friendly reptiles that can live ten years or more. Nearly all of their common health problems come from the wrong temperatures, light or diet.</p>
<h2>Heat</h2>
<ul><li>Provide a temperature gradient: a basking spot of roughly 95–105 °F for adults (juveniles like it a little warmer) and a cool end in the upper 70s to low 80s °F.</li><li>Measure with digital thermometers at both ends; stick-on dials are often wrong.</li><li>Avoid heat rocks, which can burn.</li></ul>
<h2>UVB light</h2>
<p>Bearded dragons need UVB light to make vitamin D3 and use calcium. Use a linear UVB tube made for desert reptiles across much of the enclosure, with no glass or plastic between the lamp and the lizard, and replace it as the maker recommends, usually every 6 to 12 months: output fades long before the light looks dim.</p>
<h2>Diet</h2>
<ul><li>Young dragons eat mostly insects such as crickets and roaches, with some greens.</li><li>Adults eat mostly vegetables and leafy greens, with insects a few times a week.</li><li>Dust insects with a calcium supplement as your vet advises.</li><li>Never feed fireflies, and skip spinach and iceberg lettuce.</li></ul>
<h2>Warning signs</h2>
<p>Weakness, trembling, a soft or swollen jaw, or bowed legs can mean metabolic bone disease. Weight loss, a dark beard that persists or not eating also need a visit to a veterinarian experienced with reptiles.</p>`,
  },
];
