//! Forgotten passwords (the rules are `domain::password_reset`): a code by e-mail (and SMS to
//! the account's phone), or by SMS alone to an account without an e-mail, then a new password
//! with it.

use crate::accounts::{Accounts, ForgotPasswordError, ResetPasswordError};
use domain::account_key::AccountKeyInput;
use domain::message::Text;
use domain::notification::{Announcement, Topic};
use domain::password_reset::{
    code_sent, requested_account, PasswordReset, ResetInput, PASSWORD_RESET,
};
use domain::phone::MobileNumber;
use domain::ports::{RepoError, UserStoreError};

impl Accounts {
    /// Sends a reset code to the account named, if there is one. The answer, and the work
    /// before it (a code is made and hashed either way), are the same whether or not there
    /// is: the call tells nobody which e-mails or numbers have accounts.
    pub async fn forgot_password(
        &self,
        account: &AccountKeyInput,
        client_address: &str,
    ) -> Result<Text, ForgotPasswordError> {
        let key = requested_account(account)?;
        self.take_attempt(
            &self
                .throttle
                .limits()
                .reset_code_keys(key.as_str(), client_address),
            "password reset",
        )?;
        let user = self.account_of(&key).await?;
        let code = self.secrets.reset_code();
        let code_hash = self.hasher.hash(&code).await?;
        let answer = code_sent(&key);
        let Some(user) = user else {
            return Ok(answer);
        };
        let now = self.clock.now();
        // An SMS too when the account's phone is a Somali mobile number.
        let phone = MobileNumber::parse(&user.phone)
            .map(|phone| phone.as_str().to_owned())
            .unwrap_or_default();
        let messages = Announcement::to_shopper(
            Topic::PasswordReset,
            user.id.as_str(),
            user.email_text(),
            &phone,
            Some(code),
        );
        let reset = PasswordReset::issued(user.id.clone(), code_hash, now);
        self.users
            .start_password_reset(&reset, &messages, now)
            .await?;
        Ok(answer)
    }

    /// Sets a new password with a live code, ending every earlier session of the account. A
    /// wrong code uses one of its tries; every refusal has the same words.
    pub async fn reset_password(
        &self,
        input: &ResetInput,
        client_address: &str,
    ) -> Result<Text, ResetPasswordError> {
        let reset = input.validate()?;
        self.take_attempt(
            &self
                .throttle
                .limits()
                .reset_keys(reset.account.as_str(), client_address),
            "password reset",
        )?;
        let user = self.account_of(&reset.account).await?;
        let code_hash = match &user {
            Some(user) => {
                let now = self.clock.now();
                self.users.take_reset_try(&user.id, now).await?
            }
            None => None,
        };
        // Without an account or a live code the code is still checked (against a stand-in
        // hash): a wrong code costs the same either way.
        let verified = self
            .verify_or_pretend(&reset.code, code_hash.as_deref())
            .await?;
        let (Some(mut user), Some(code_hash), true) = (user, code_hash, verified) else {
            return Err(ResetPasswordError::CodeRefused);
        };
        let hash = self.hasher.hash(&reset.password).await?;
        let password = user.replace_password(hash, false);
        match self
            .users
            .finish_password_reset(&user.id, &password, &code_hash)
            .await
        {
            Ok(()) => Ok(PASSWORD_RESET),
            Err(UserStoreError::Repo(RepoError::NotFound)) => Err(ResetPasswordError::CodeRefused),
            Err(other) => Err(other.into()),
        }
    }
}

#[cfg(test)]
mod tests;
