import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { UpdateProfileInputSchema } from '../../../../shared/schemas/account';
import { FieldError } from '../../../components/ui/field-error';
import { fieldSentence, issuesByField } from '../../../lib/form-errors';
import { errorMessage, fieldErrors } from '../../../lib/trpc';
import type { CurrentUser } from '../api/use-current-user';
import { useUpdateProfile } from '../api/use-update-profile';
import { AccountSection } from './account-section';
import { PhotoPicker } from './photo-picker';

export const PROFILE_SAVED_MESSAGE = 'Profile saved';

/** What happens to the photo on save: the server keeps it when `profilePic` is absent. */
type PhotoChange = { kind: 'keep' } | { kind: 'new'; dataUrl: string } | { kind: 'remove' };

const profilePicOf = (photo: PhotoChange): { profilePic?: string } => (photo.kind === 'new' ? { profilePic: photo.dataUrl } : photo.kind === 'remove' ? { profilePic: '' } : {});

/** Name and photo. */
export function ProfileSection({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const [photo, setPhoto] = useState<PhotoChange>({ kind: 'keep' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const saved = user.profilePic; // '' when there is none
  const preview = photo.kind === 'new' ? photo.dataUrl : photo.kind === 'remove' ? '' : saved;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { name, ...profilePicOf(photo) };
    const parsed = UpdateProfileInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync(parsed.data);
      setName(saved.name);
      setPhoto({ kind: 'keep' });
      toast.success(PROFILE_SAVED_MESSAGE);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error));
    }
  };

  const nameError = fieldSentence('Name', errors.name);

  return (
    <AccountSection id="profile" title="Profile" intro="Your name and photo, as the shop shows them.">
      <form className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-8" onSubmit={onSubmit} noValidate>
        <PhotoPicker
          id="profile-photo"
          src={preview}
          chooseLabel={preview ? 'Change photo' : 'Choose a photo'}
          onPick={(dataUrl) => setPhoto({ kind: 'new', dataUrl })}
          onRemove={preview ? () => setPhoto(saved ? { kind: 'remove' } : { kind: 'keep' }) : undefined}
          error={fieldSentence('Photo', errors.profilePic)}
          onError={(message) => setErrors(({ profilePic: _dropped, ...rest }) => (message ? { ...rest, profilePic: message } : rest))}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div>
            <label htmlFor="profile-name" className="label">
              Name
            </label>
            <input
              id="profile-name"
              name="name"
              autoComplete="name"
              required
              maxLength={100}
              className="field"
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'profile-name-error' : undefined}
            />
            <FieldError id="profile-name-error" message={nameError} />
          </div>
          {photo.kind !== 'keep' ? (
            <p className="text-sm text-zinc-600">
              {photo.kind === 'new' ? 'The new photo is used once you save.' : 'The photo is removed once you save.'}{' '}
              {saved ? (
                <button type="button" className="font-medium text-brand-700 underline" onClick={() => setPhoto({ kind: 'keep' })}>
                  Keep the current photo
                </button>
              ) : null}
            </p>
          ) : null}
          <button type="submit" className="btn-primary min-h-11 w-full sm:w-fit sm:px-6" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save profile'}
          </button>
        </div>
      </form>
    </AccountSection>
  );
}
