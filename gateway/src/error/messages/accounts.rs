//! Accounts (identity).

/// The Japanese message of `code`, if it is one of this area's.
pub(super) fn message(code: &str) -> Option<&'static str> {
    Some(match code {
        "INVALID_EMAIL" => "メールアドレスの形式が正しくありません",
        "PASSWORD_TOO_SHORT" => "パスワードは8文字以上で入力してください",
        "PASSWORD_TOO_LONG" => "パスワードは128文字以内で入力してください",
        "INVALID_USERNAME" => "ユーザー名は3〜20文字の英数字・ひらがな・カタカナ・漢字・_で入力してください",
        "INVALID_NAME" => "名前は50文字以内で入力してください",
        "GENDER_REQUIRED" => "性別を選択してください",
        "PRIVACY_POLICY_REQUIRED" => "プライバシーポリシーの同意が必要です",
        "EMAIL_TAKEN" => "このメールアドレスはすでに登録されています",
        "USERNAME_TAKEN" => "このユーザー名はすでに使われています",
        "USERNAME_LOOKALIKE" => "よく似たユーザー名がすでに使われています。別のユーザー名をお選びください",
        "CODE_INVALID" => "認証コードが正しくありません",
        "CODE_EXPIRED" => "認証コードの有効期限が切れています。コードを再送信してください",
        "CODE_EXHAUSTED" => "認証コードの入力回数が上限に達しました。コードを再送信してください",
        "CODE_ALREADY_USED" => "この認証コードはすでに使われています。メールアドレスとパスワードでログインしてください",
        "RESEND_COOLDOWN" => "認証コードは少し時間をおいてから再送信してください",
        "INVALID_CREDENTIALS" => "メールアドレスまたはパスワードが正しくありません",
        "EMAIL_NOT_VERIFIED" => "メールアドレスの認証が完了していません。届いた認証コードを入力してください",
        "LOGIN_RATE_LIMITED" => "ログインの試行回数が多すぎます。しばらくしてから再度お試しください",
        "PASSWORD_CHECK_RATE_LIMITED" => {
            "パスワードの確認に失敗した回数が多すぎます。しばらくしてから再度お試しください"
        }
        "WRONG_PASSWORD" => "現在のパスワードが正しくありません",
        "RESET_TOKEN_INVALID" => "このリセットリンクは無効か、有効期限が切れています。もう一度お手続きください",
        "EMAIL_CHANGE_TOKEN_INVALID" => "この確認リンクは無効か、有効期限が切れています",
        "SAME_EMAIL" => "現在と同じメールアドレスです",
        "USER_NOT_FOUND" => "アカウントが見つかりません",
        "ADMIN_INACTIVE" => "この管理者アカウントは無効になっています",
        "ADMIN_UNAUTHENTICATED" => {
            "管理画面にログインしてください（セッションの有効期限が切れたか、アカウントが無効になっています）"
        }
        "ADMIN_FORBIDDEN" => "この操作を行う権限がありません",
        "STAFF_NOT_FOUND" => "スタッフのアカウントが見つかりません",
        "TOO_MANY_IDS" => "一度に指定できる件数を超えています",
        "ADMIN_DISABLED" => "管理画面へのログインは現在利用できません",
        _ => return None,
    })
}
