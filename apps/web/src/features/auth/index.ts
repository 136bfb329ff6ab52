export { SignInModal } from './sign-in-modal';
export { SignUpModal } from './sign-up-modal';
