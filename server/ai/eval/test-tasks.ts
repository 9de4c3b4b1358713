/**
 * Held-out test set: everyday task titles to break down, typed the way people type them. Written
 * apart from the breakdown rules and frozen before they changed; the rules are never fitted to it
 * (docs/decisions/026-offline-breakdowns-and-evaluation.md).
 */
export const testTasks: readonly string[] = [
  // calls
  "call the gas company about the meter reading",
  "Phone grandad for his birthday",
  "ring the garage about the MOT",
  "need to call the school about Leo's absence",
  "Call the bank to unblock my card",
  // writing
  "Write a thank you note to Mrs Patel",
  "write the speech for Tom's wedding",
  "Draft a complaint letter to the airline",
  "write my personal statement",
  "gotta write a review of the new hire's first month",
  // sending
  "send the signed contract to the landlord",
  "Email the photos to Aunt Rose",
  "send mum the recipe",
  "Post the birthday card to Jenny",
  // buying
  "buy a new kettle",
  "Buy school shoes for the kids",
  "get a present for Dad's retirement",
  "order contact lenses",
  "pick up bread and milk on the way home",
  // booking
  "Book a table for Saturday night",
  "book the kids' swimming lessons",
  "Book flights to Rome for the conference",
  "schedule a call with the accountant",
  "make a doctor's appointment for my knee",
  // cleaning
  "clean the oven",
  "Deep clean the bathroom",
  "hoover the car",
  "wash the windows in the conservatory",
  "Descale the shower head",
  // tidying
  "Tidy the kids' playroom",
  "sort out the cupboard under the stairs",
  "declutter my wardrobe",
  "tidy up the shed",
  "Clear the kitchen table",
  // fixing
  "fix the dripping shower",
  "Repair the fence panel",
  "fix my bike's flat tyre",
  "Unblock the bathroom sink",
  "patch the hole in the wall",
  // planning
  "Plan Mia's 10th birthday party",
  "plan the weekly meals",
  "Plan a weekend trip to the coast",
  "plan next month's budget",
  "Plan the team away day",
  // learning
  "learn to make sushi",
  "Practise the piano piece for the recital",
  "learn the basics of Excel pivot tables",
  "Study for my driving theory test",
  "revise for the French oral exam",
  // paying
  "pay the council tax",
  "Pay the nursery fees",
  "pay Sarah back for dinner",
  "settle the credit card bill",
  // preparing
  "Prepare for the job interview on Thursday",
  "prep the lunchboxes for tomorrow",
  "Get ready for the parents' evening",
  "prepare the spare room for my sister's visit",
  // applying
  "Apply for the senior designer job",
  "apply for a parking permit",
  "Renew my driving licence",
  "apply for the school place for Ava",
  // moving
  "pack up the kitchen for the move",
  "Redirect the post to the new address",
  "book a van for moving day",
  "Move the desk into the spare room",
  // exercise
  "go for a 5k run",
  "Do 20 minutes of stretching",
  "swim 20 lengths at the leisure centre",
  "take the dog for a long walk",
  "cycle to work",
  // cooking
  "Make lasagne for the family",
  "bake cookies for the school fair",
  "cook a curry for friends tonight",
  "make soup with the leftover veg",
  // admin
  "File the receipts for my tax return",
  "update my address with the bank",
  "sort out the car insurance renewal",
  "Fill in the holiday request form",
  "cancel the old phone contract",
  // errands
  "Return the library books",
  "drop the donations at the charity shop",
  "collect the prescription from the pharmacy",
  "take the suit to the dry cleaners",
  "Get the car's tyres checked",
  // with people, places, dates, possessives
  "help Sam with his science project",
  "organise drinks with the old uni friends",
  "visit grandma at the care home on Sunday",
  "Reply to Hannah's message about the holiday",
  "sort out mum's phone",
  "check the kids' homework",
  "feed next door's cat this weekend",
  "Invite the neighbours for a barbecue",
  // gardening and home
  "plant the tulip bulbs",
  "Mow the back lawn",
  "repot the monstera",
  "weed the front garden",
  "hang the pictures in the hallway",
  "Paint the bathroom ceiling",
  // work
  "prepare the slides for the quarterly review",
  "review the new budget proposal",
  "Finish the project handover notes",
  "answer the client's questions about the invoice",
  "set up the new laptop",
  // oddly typed
  "todo - renew netflix?? or cancel",
  "remember to defrost the freezer",
  "gotta sort the recycling",
  "need to find my birth certificate",
  "I should clean my trainers",
];
