// What the pets feature offers other features (docs/product.md section 31): the picker of a request or booking
// form, with the hook that saves a new pet on the way.
export { PetPicker, usePickedPet, NO_PET_CHOICE, type PetChoice } from './components/pet-picker';
