export { SignInModal, type SignInModalProps } from './sign-in-modal';
export { SignUpModal, type SignUpModalProps } from './sign-up-modal';
