import { makeAutoObservable } from 'mobx';
import type {
  EmailStepValues,
  PasswordStepValues,
  PersonalStepOutput,
  PersonalStepValues,
  RegisterRequest,
  RegisterResponse,
} from '../../contract/registration';
import { NO_VERIFICATION_URL } from '../../contract/registration';
import type { LoginRequest } from '../../contract/auth';
import { HttpError, errorMessage } from '../../api/http';
import { GAMSTOP_ERROR_CODES } from '../../contract/gamstop';
import type { Timers } from '../../stores/timers';
import { toRegisterRequest } from './payload';
import {
  POPUP_BLOCKED_MESSAGE,
  POPUP_CLOSED_CHECK_MS,
  openBlankVerificationWindow,
  verificationPageUrl,
  verificationResult,
} from './verificationWindow';

export type RegistrationStep = 'email' | 'password' | 'personal' | 'verification' | 'limits' | 'error';
export type VerificationStatus = 'idle' | 'processing' | 'success' | 'fail';

export interface RegistrationFlowDeps {
  register(body: RegisterRequest): Promise<RegisterResponse>;
  login(credentials: LoginRequest): Promise<void>;
  openWindow: typeof window.open;
  /** Where window messages arrive (the app's window). */
  messages: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  parentOrigin: string;
  /** Only on desktop is a closed popup taken as a failed check. */
  isDesktop: () => boolean;
  timers: Timers;
  clickKey: { read(): string | undefined; forget(): void };
}

/**
 * The registration drawer's state: email, password, personal, verification in the provider's window,
 * then deposit limits (spec 000 section 4). Errors go back to personal for requests, to email for verification.
 */
export class RegistrationFlow {
  step: RegistrationStep = 'email';
  verification: VerificationStatus = 'idle';
  error: { heading: string; message: string; back: 'personal' | 'email' } | null = null;
  emailValues: EmailStepValues = { email: '', confirmEmail: '' };
  passwordValues: PasswordStepValues = { password: '', confirmPassword: '' };
  personalValues: Partial<PersonalStepValues> | undefined = undefined;
  continuing = false;
  private popup: Window | null = null;
  private watchTimer: unknown = undefined;
  private stopListening: (() => void) | undefined;

  constructor(private readonly deps: RegistrationFlowDeps) {
    makeAutoObservable<RegistrationFlow, 'deps' | 'popup' | 'watchTimer' | 'stopListening'>(this, {
      deps: false,
      popup: false,
      watchTimer: false,
      stopListening: false,
    });
  }

  /**
   * Which of the three circles is current. The personal step shows the third as current; the deposit-limit step
   * shows it done (spec 000: both show the personal step 'done or current'), so 3 means all three are done.
   */
  get indicatorIndex(): number | null {
    if (this.step === 'email') return 0;
    if (this.step === 'password') return 1;
    if (this.step === 'personal') return 2;
    if (this.step === 'limits') return 3;
    return null;
  }

  emailDone(values: EmailStepValues): void {
    this.emailValues = values;
    this.step = 'password';
  }

  passwordDone(values: PasswordStepValues): void {
    this.passwordValues = values;
    this.step = 'personal';
  }

  goTo(step: 'email' | 'password' | 'personal'): void {
    this.error = null;
    this.verification = 'idle';
    this.step = step;
  }

  /** Remembers what was typed on the personal step, so that Back and an error keep it. */
  keepPersonal(values: Partial<PersonalStepValues>): void {
    this.personalValues = values;
  }

  /** Must run inside the Next click: the window is opened before the request so that it is not blocked. */
  async submit(personal: PersonalStepOutput): Promise<void> {
    const popup = openBlankVerificationWindow(this.deps.openWindow);
    if (!popup) {
      this.fail(POPUP_BLOCKED_MESSAGE, 'personal');
      return;
    }
    this.popup = popup;
    this.verification = 'processing';
    this.step = 'verification';
    let answer: RegisterResponse;
    try {
      answer = await this.deps.register(
        toRegisterRequest(this.emailValues, this.passwordValues, personal, this.deps.clickKey.read()),
      );
    } catch (error) {
      this.closePopup();
      // A taken e-mail is put right on the first step.
      this.fail(
        errorMessage(error),
        error instanceof HttpError && error.status === 409 ? 'email' : 'personal',
        headingFor(error),
      );
      return;
    }
    this.deps.clickKey.forget();
    if (!answer.avCheckUrl) {
      this.closePopup();
      this.fail(NO_VERIFICATION_URL, 'personal');
      return;
    }
    this.watch(popup, answer.avCheckUrl);
  }

  private watch(popup: Window, avCheckUrl: string): void {
    let providerOrigin: string;
    let address: string;
    try {
      providerOrigin = new URL(avCheckUrl).origin;
      address = verificationPageUrl(avCheckUrl, this.deps.parentOrigin);
    } catch {
      this.closePopup();
      this.fail(NO_VERIFICATION_URL, 'personal');
      return;
    }
    const onMessage = (event: MessageEvent) => {
      const result = verificationResult(event, providerOrigin);
      if (result) this.finish(result);
    };
    this.deps.messages.addEventListener('message', onMessage as EventListener);
    this.stopListening = () => this.deps.messages.removeEventListener('message', onMessage as EventListener);
    if (this.deps.isDesktop()) {
      this.watchTimer = this.deps.timers.setInterval(() => {
        if (popup.closed && this.verification === 'processing') this.finish('fail');
      }, POPUP_CLOSED_CHECK_MS);
    }
    popup.location.href = address;
  }

  private finish(result: 'success' | 'fail'): void {
    if (this.verification !== 'processing') return;
    this.verification = result;
    this.stopWatching();
    this.closePopup();
  }

  /** Continue on the result screen: signs in with what was just typed, then the deposit-limit step. */
  async continueAfterVerification(): Promise<void> {
    this.setContinuing(true);
    try {
      await this.deps.login({ email: this.emailValues.email.trim(), password: this.passwordValues.password });
      this.reachLimits();
    } catch (error) {
      this.fail(errorMessage(error), 'email');
    } finally {
      this.setContinuing(false);
    }
  }

  private setContinuing(value: boolean): void {
    this.continuing = value;
  }

  private reachLimits(): void {
    this.step = 'limits';
  }

  private fail(message: string, back: 'personal' | 'email', heading = 'Error'): void {
    this.error = { heading, message, back };
    this.step = 'error';
  }

  private stopWatching(): void {
    this.stopListening?.();
    this.stopListening = undefined;
    if (this.watchTimer !== undefined) this.deps.timers.clearInterval(this.watchTimer);
    this.watchTimer = undefined;
  }

  private closePopup(): void {
    if (this.popup && !this.popup.closed) this.popup.close();
    this.popup = null;
  }

  dispose(): void {
    this.stopWatching();
  }
}

/** The specification's error screen says "Error"; a GAMSTOP answer is no fault of the customer's and is named as what it is. */
function headingFor(error: unknown): string {
  if (!(error instanceof HttpError)) return 'Error';
  if (error.code === GAMSTOP_ERROR_CODES.excluded) return 'Self-excluded with GAMSTOP';
  if (error.code === GAMSTOP_ERROR_CODES.unavailable) return 'Please try again shortly';
  return 'Error';
}
