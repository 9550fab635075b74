//! Tenants (config merged for members), in-app messages, help and
//! feedback, the lead form and the custom-model enquiry: every rule and
//! message of those forms in Chinese and English, the feedback image
//! limits, the message inbox and its ownership.

use pixmart_shared::db::store::{feedback as feedback_store, leads as lead_store, messages, tenants};
use pixmart_shared::domain::message::NewMessage;
use pixmart_shared::domain::tenant::{TenantSlug, TenantSwitches};
use pixmart_shared::domain::UserId;
use pixmart_tests::{TestApp, TestClient, TestDatabase};
use serde_json::{json, Value};

async fn signed_in(app: &TestApp) -> (TestClient, UserId) {
    let mut c = app.client();
    c.register_random().await;
    let (s, b) = c.get("/api/user/info").await;
    assert_eq!(s, 200, "{b}");
    (c, UserId(b["data"]["user"]["id"].as_i64().unwrap()))
}

fn en(c: &TestClient) -> TestClient {
    TestClient { lang: Some("en-US,en;q=0.9"), ..c.clone() }
}

/// Asserts a refusal with this error id and exact message.
fn refused(got: (u16, Value), status: u16, id: &str, msg: &str) {
    let (s, b) = got;
    assert_eq!((s, b["error"].as_str(), b["msg"].as_str()), (status, Some(id), Some(msg)), "{b}");
    assert_ne!(b["code"], 0, "{b}");
    assert!(b["code"].as_u64().unwrap() > 0);
}

fn accepted(got: (u16, Value), msg: &str) {
    let (s, b) = got;
    assert_eq!((s, &b["code"], b["msg"].as_str(), &b["data"]), (200, &json!(0), Some(msg), &json!(true)), "{b}");
}

// ---------------------------------------------------------------- leads

fn full_lead() -> Value {
    json!({
        "name": "张三", "companyName": "像素科技", "phone": "13800138000", "address": "市场经理",
        "email": "zhang@example.com", "description": "想了解企业版", "webSource": "enterprise"
    })
}

fn with(mut v: Value, key: &str, value: Value) -> Value {
    v[key] = value;
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lead_form_rules_and_messages() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let zh = app.client();
    let en = en(&zh);
    let x30 = "字".repeat(30);
    let x31 = "字".repeat(31);
    let post = |c: &TestClient, body: Value| {
        let c = c.clone();
        async move { c.post_json("/api/leads", body).await }
    };

    // Required name and company, at most 30 characters (counted as characters).
    for blank in [json!(null), json!(""), json!("   ")] {
        refused(post(&zh, with(full_lead(), "name", blank.clone())).await, 400, "FORM_NAME_REQUIRED", "请输入姓名");
        refused(
            post(&zh, with(full_lead(), "companyName", blank)).await,
            400,
            "FORM_COMPANY_REQUIRED",
            "请输入公司名称",
        );
    }
    refused(post(&en, with(full_lead(), "name", json!(""))).await, 400, "FORM_NAME_REQUIRED", "Please enter your name");
    refused(
        post(&en, with(full_lead(), "companyName", json!(""))).await,
        400,
        "FORM_COMPANY_REQUIRED",
        "Please enter your company name",
    );
    refused(post(&zh, with(full_lead(), "name", json!(x31))).await, 400, "FORM_NAME_TOO_LONG", "姓名不能超过30个字符");
    refused(
        post(&en, with(full_lead(), "name", json!(x31))).await,
        400,
        "FORM_NAME_TOO_LONG",
        "Name must be at most 30 characters",
    );
    refused(
        post(&zh, with(full_lead(), "companyName", json!(x31))).await,
        400,
        "FORM_COMPANY_TOO_LONG",
        "公司名称不能超过30个字符",
    );
    refused(
        post(&en, with(full_lead(), "companyName", json!(x31))).await,
        400,
        "FORM_COMPANY_TOO_LONG",
        "Company name must be at most 30 characters",
    );

    // Phone: required (≤ 30) on the standard and MODI forms, optional on HOT.
    refused(post(&zh, with(full_lead(), "phone", json!(""))).await, 400, "FORM_PHONE_REQUIRED", "请输入手机号～");
    refused(
        post(&en, with(full_lead(), "phone", json!(null))).await,
        400,
        "FORM_PHONE_REQUIRED",
        "Please enter your phone number",
    );
    let modi = json!({ "name": "a", "companyName": "b", "type": "MODI", "webSource": "MODI" });
    refused(post(&zh, modi.clone()).await, 400, "FORM_PHONE_REQUIRED", "请输入手机号～");
    refused(
        post(&zh, with(full_lead(), "phone", json!("1".repeat(31)))).await,
        400,
        "FORM_PHONE_TOO_LONG",
        "手机号不能超过30个字符",
    );
    refused(
        post(&en, with(full_lead(), "phone", json!("1".repeat(31)))).await,
        400,
        "FORM_PHONE_TOO_LONG",
        "Phone number must be at most 30 characters",
    );
    accepted(post(&zh, json!({ "name": "a", "companyName": "b", "type": "HOT" })).await, "提交成功！");
    accepted(post(&en, with(modi, "phone", json!("010-12345678"))).await, "Submission successful");

    // Optional address (job title) and email ≤ 30, email well formed; description ≤ 100.
    refused(
        post(&zh, with(full_lead(), "address", json!(x31))).await,
        400,
        "FORM_JOB_TITLE_TOO_LONG",
        "职位不能超过30个字符",
    );
    refused(
        post(&en, with(full_lead(), "address", json!(x31))).await,
        400,
        "FORM_JOB_TITLE_TOO_LONG",
        "Job title must be at most 30 characters",
    );
    let long_email = format!("{}@example.com", "a".repeat(19));
    refused(
        post(&zh, with(full_lead(), "email", json!(long_email))).await,
        400,
        "FORM_EMAIL_TOO_LONG",
        "邮箱不能超过30个字符",
    );
    refused(
        post(&en, with(full_lead(), "email", json!(long_email))).await,
        400,
        "FORM_EMAIL_TOO_LONG",
        "Email must be at most 30 characters",
    );
    refused(
        post(&zh, with(full_lead(), "email", json!("not-an-email"))).await,
        400,
        "INVALID_EMAIL",
        "请输入正确的邮箱",
    );
    refused(
        post(&en, with(full_lead(), "email", json!("a@b"))).await,
        400,
        "INVALID_EMAIL",
        "Please enter a correct email",
    );
    refused(
        post(&zh, with(full_lead(), "description", json!("述".repeat(101)))).await,
        400,
        "FORM_DESCRIPTION_TOO_LONG",
        "描述不能超过100个字符",
    );
    refused(
        post(&en, with(full_lead(), "description", json!("述".repeat(101)))).await,
        400,
        "FORM_DESCRIPTION_TOO_LONG",
        "Description must be at most 100 characters",
    );
    refused(post(&zh, with(full_lead(), "type", json!("VIP"))).await, 400, "LEAD_BAD_TYPE", "表单类型错误");
    refused(post(&en, with(full_lead(), "type", json!("VIP"))).await, 400, "LEAD_BAD_TYPE", "Unknown form type");
    refused(
        post(&zh, with(full_lead(), "webSource", json!(x31))).await,
        400,
        "FORM_WEB_SOURCE_TOO_LONG",
        "来源不能超过30个字符",
    );

    // The bounds themselves are accepted; optional fields may be left out.
    let edge = json!({ "name": x30, "companyName": x30, "phone": "1".repeat(30), "address": x30,
                       "email": format!("{}@example.com", "a".repeat(18)), "description": "述".repeat(100) });
    accepted(post(&zh, edge).await, "提交成功！");
    accepted(
        post(&en, json!({ "name": "a", "companyName": "b", "phone": "13800138000" })).await,
        "Submission successful",
    );

    // A signed-in caller's account is recorded; hidden fields of HOT/MODI are dropped.
    let (me, my_id) = signed_in(&app).await;
    accepted(post(&me, full_lead()).await, "提交成功！");
    accepted(post(&me, with(with(full_lead(), "type", json!("HOT")), "phone", json!(""))).await, "提交成功！");
    let db = app.db().await;
    let stored = lead_store::list(&db, lead_store::KIND_LEAD).await.unwrap();
    assert_eq!(stored.len(), 6, "only accepted submissions are stored");
    let hot = &stored[0];
    assert_eq!((hot.user, hot.form_type.as_deref(), hot.phone.as_deref()), (Some(my_id), Some("HOT"), None));
    assert_eq!((hot.job_title.as_deref(), hot.email.as_deref(), hot.description.as_deref()), (None, None, None));
    let full = &stored[1];
    assert_eq!(full.job_title.as_deref(), Some("市场经理"));
    assert_eq!(full.email.as_deref(), Some("zhang@example.com"));
    assert_eq!(full.web_source.as_deref(), Some("enterprise"));
    assert_eq!(stored[5].user, None, "visitors may send the form");

    // Malformed bodies are the envelope's BAD_REQUEST.
    refused(post(&zh, json!({ "name": 5, "companyName": "b" })).await, 400, "BAD_REQUEST", "请求格式错误");
}

// ---------------------------------------------------------------- enquiries

fn enquiry() -> Value {
    json!({ "name": "李四", "phone": "13800138000", "company": "像素科技", "jobTitle": "设计总监",
            "email": "li@example.com", "requirements": "定制一位长发模特" })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn custom_model_enquiry_rules_and_messages() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let zh = app.client();
    let en = en(&zh);
    let x31 = "字".repeat(31);
    let post = |c: &TestClient, body: Value| {
        let c = c.clone();
        async move { c.post_json("/api/enquiries", body).await }
    };
    let cases: [(&str, Value, &str, &str, &str); 9] = [
        ("name", json!(""), "FORM_NAME_REQUIRED", "请输入姓名", "Please enter your name"),
        ("phone", json!(" "), "FORM_PHONE_REQUIRED", "请输入手机号～", "Please enter your phone number"),
        ("company", json!(null), "FORM_COMPANY_REQUIRED", "请输入公司名称", "Please enter your company name"),
        ("name", json!(x31), "FORM_NAME_TOO_LONG", "姓名不能超过30个字符", "Name must be at most 30 characters"),
        (
            "phone",
            json!("1".repeat(31)),
            "FORM_PHONE_TOO_LONG",
            "手机号不能超过30个字符",
            "Phone number must be at most 30 characters",
        ),
        (
            "company",
            json!(x31),
            "FORM_COMPANY_TOO_LONG",
            "公司名称不能超过30个字符",
            "Company name must be at most 30 characters",
        ),
        (
            "jobTitle",
            json!(x31),
            "FORM_JOB_TITLE_TOO_LONG",
            "职位不能超过30个字符",
            "Job title must be at most 30 characters",
        ),
        (
            "email",
            json!(format!("{}@example.com", "a".repeat(19))),
            "FORM_EMAIL_TOO_LONG",
            "邮箱不能超过30个字符",
            "Email must be at most 30 characters",
        ),
        (
            "requirements",
            json!("需".repeat(101)),
            "FORM_REQUIREMENTS_TOO_LONG",
            "需求不能超过100个字符",
            "Requirements must be at most 100 characters",
        ),
    ];
    for (field, value, id, zh_msg, en_msg) in cases {
        refused(post(&zh, with(enquiry(), field, value.clone())).await, 400, id, zh_msg);
        refused(post(&en, with(enquiry(), field, value)).await, 400, id, en_msg);
    }
    refused(post(&zh, with(enquiry(), "email", json!("li@"))).await, 400, "INVALID_EMAIL", "请输入正确的邮箱");

    accepted(post(&zh, enquiry()).await, "提交成功！");
    accepted(
        post(&en, json!({ "name": "a", "phone": "13800138000", "company": "c", "requirements": "需".repeat(100) }))
            .await,
        "Submission successful",
    );
    let stored = lead_store::list(&app.db().await, lead_store::KIND_ENQUIRY).await.unwrap();
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[1].job_title.as_deref(), Some("设计总监"));
    assert_eq!(stored[1].description.as_deref(), Some("定制一位长发模特"));
    assert_eq!(stored[1].company_name, "像素科技");
}

// ---------------------------------------------------------------- feedback

async fn upload_feedback_files(c: &TestClient, files: Vec<(&str, &str, Vec<u8>)>) -> (u16, Value) {
    let mut form = reqwest::multipart::Form::new();
    for (name, mime, data) in files {
        form =
            form.part("file", reqwest::multipart::Part::bytes(data).file_name(name.to_owned()).mime_str(mime).unwrap());
    }
    let mut r = c.http.post(format!("{}/api/feedback/uploads", c.base)).multipart(form);
    if let Some(t) = &c.token {
        r = r.bearer_auth(t);
    }
    if let Some(l) = c.lang {
        r = r.header("Accept-Language", l);
    }
    let resp = r.send().await.unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap())
}

fn small_png() -> Vec<u8> {
    pixmart_tests::images::noise_png(64, 48)
}

fn small_jpeg() -> Vec<u8> {
    let img = image::RgbImage::from_fn(40, 30, |x, y| image::Rgb([x as u8, y as u8, 90]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn feedback_rules_image_limits_and_messages() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let (zh, me) = signed_in(&app).await;
    let en = en(&zh);

    // Login required for both calls.
    let visitor = app.client();
    refused(
        visitor.post_json("/api/feedback", json!({ "title": "t", "content": "c" })).await,
        401,
        "UNAUTHORIZED",
        "请先登录",
    );
    refused(
        upload_feedback_files(&visitor, vec![("a.png", "image/png", small_png())]).await,
        401,
        "UNAUTHORIZED",
        "请先登录",
    );

    // Image: png or jpeg (by content, whatever the name says), one, at most 20 MB.
    let (s, b) = upload_feedback_files(&zh, vec![("a.png", "image/png", small_png())]).await;
    assert_eq!(s, 200, "{b}");
    let png_url = b["data"]["urls"][0].as_str().unwrap().to_owned();
    let (s, b) = upload_feedback_files(&zh, vec![("b.jpg", "image/jpeg", small_jpeg())]).await;
    assert_eq!(s, 200, "{b}");
    // A 1×1 GIF (the image crate here has no GIF encoder).
    let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;".to_vec();
    refused(
        upload_feedback_files(&zh, vec![("c.png", "image/png", gif.clone())]).await,
        400,
        "FEEDBACK_IMAGE_BAD_FORMAT",
        "请上传大小20M以内图片",
    );
    refused(
        upload_feedback_files(&en, vec![("c.gif", "image/gif", gif)]).await,
        400,
        "FEEDBACK_IMAGE_BAD_FORMAT",
        "Please upload a png or jpeg image within 20 MB",
    );
    let mut at_limit = small_png();
    at_limit.resize(20_971_520, 0); // trailing bytes after IEND: still a png, exactly 20 MB
    let (s, b) = upload_feedback_files(&zh, vec![("big.png", "image/png", at_limit.clone())]).await;
    assert_eq!(s, 200, "exactly 20971520 bytes is allowed: {b}");
    at_limit.push(0);
    refused(
        upload_feedback_files(&zh, vec![("big.png", "image/png", at_limit.clone())]).await,
        400,
        "FEEDBACK_IMAGE_TOO_LARGE",
        "请上传大小20M以内图片",
    );
    refused(
        upload_feedback_files(&en, vec![("big.png", "image/png", at_limit)]).await,
        400,
        "FEEDBACK_IMAGE_TOO_LARGE",
        "Please upload a png or jpeg image within 20 MB",
    );
    refused(
        upload_feedback_files(&zh, vec![("a.png", "image/png", small_png()), ("b.png", "image/png", small_png())])
            .await,
        400,
        "FEEDBACK_TOO_MANY_IMAGES",
        "最多上传1张图片",
    );
    let no_file = reqwest::multipart::Form::new().text("note", "no image here");
    let resp = zh
        .http
        .post(format!("{}/api/feedback/uploads", zh.base))
        .bearer_auth(zh.token.as_deref().unwrap())
        .multipart(no_file)
        .send()
        .await
        .unwrap();
    refused((resp.status().as_u16(), resp.json().await.unwrap()), 400, "UPLOAD_MISSING_FILE", "请选择要上传的图片");
    // The owner can read the image back.
    let (s, bytes) = zh.get_bytes(&png_url).await;
    assert_eq!((s, bytes), (200, small_png()));

    // Title and content required.
    let post = |c: &TestClient, body: Value| {
        let c = c.clone();
        async move { c.post_json("/api/feedback", body).await }
    };
    refused(post(&zh, json!({ "title": " ", "content": "c" })).await, 400, "FEEDBACK_TITLE_REQUIRED", "请输入标题");
    refused(post(&en, json!({ "content": "c" })).await, 400, "FEEDBACK_TITLE_REQUIRED", "Please enter a title");
    refused(
        post(&zh, json!({ "title": "t", "content": "" })).await,
        400,
        "FEEDBACK_CONTENT_REQUIRED",
        "请输入反馈内容",
    );
    refused(post(&en, json!({ "title": "t" })).await, 400, "FEEDBACK_CONTENT_REQUIRED", "Please enter your feedback");
    refused(
        post(&zh, json!({ "title": "题".repeat(31), "content": "c" })).await,
        400,
        "FEEDBACK_TITLE_TOO_LONG",
        "标题不能超过30个字符",
    );
    refused(
        post(&en, json!({ "title": "t", "content": "c".repeat(1001) })).await,
        400,
        "FEEDBACK_CONTENT_TOO_LONG",
        "Feedback must be at most 1000 characters",
    );
    // At most one attachment, and it must be the caller's own upload.
    refused(
        post(&zh, json!({ "title": "t", "content": "c", "attachments": [{ "url": png_url }, { "url": png_url }] }))
            .await,
        400,
        "FEEDBACK_TOO_MANY_IMAGES",
        "最多上传1张图片",
    );
    let (other, _) = signed_in(&app).await;
    refused(
        post(&other, json!({ "title": "t", "content": "c", "attachments": [{ "url": png_url }] })).await,
        400,
        "IMAGE_NOT_FOUND",
        "图片不存在，请重新上传",
    );
    refused(
        post(
            &zh,
            json!({ "title": "t", "content": "c", "attachments": [{ "url": "https://elsewhere.example/x.png" }] }),
        )
        .await,
        400,
        "IMAGE_NOT_FOUND",
        "图片不存在，请重新上传",
    );

    accepted(
        post(&zh, json!({ "title": "抠图边缘", "content": "头发边缘不够细", "attachments": [{ "url": png_url }] }))
            .await,
        "反馈成功",
    );
    accepted(
        post(&en, json!({ "title": "t", "content": "c", "attachments": [] })).await,
        "Feedback Submitted Successfully",
    );
    let stored = feedback_store::list_for_user(&app.db().await, me).await.unwrap();
    assert_eq!(stored.len(), 2);
    assert_eq!((stored[1].title.as_str(), stored[1].attachments.clone()), ("抠图边缘", vec![png_url]));
    assert!(stored[0].attachments.is_empty());
}

// ---------------------------------------------------------------- messages

async fn inbox(c: &TestClient) -> Value {
    let (s, b) = c.get("/api/messages?pageNum=1&pageSize=100").await;
    assert_eq!((s, &b["code"]), (200, &json!(0)), "{b}");
    b["data"].clone()
}

async fn messages_inbox_and_ownership(db: TestDatabase) {
    let app = TestApp::start(db).await;
    let (alice, alice_id) = signed_in(&app).await;
    let (bob, _) = signed_in(&app).await;

    // A new account has the welcome message, unread.
    let d = inbox(&alice).await;
    assert_eq!((d["total"].as_u64(), d["unReadMsgCnt"].as_u64()), (Some(1), Some(1)), "{d}");
    let welcome = &d["list"][0];
    assert_eq!(welcome["msgContentType"], "text");
    assert_eq!(welcome["readed"], false);
    assert_eq!(welcome["msgTitle"], "欢迎加入！", "{welcome}");
    // An account created in English gets it in English.
    let mut english = TestClient { lang: Some("en-US,en;q=0.9"), ..app.client() };
    english.register_random().await;
    let en_welcome = inbox(&english).await["list"][0].clone();
    assert_eq!(en_welcome["msgTitle"], "Welcome!", "{en_welcome}");
    assert!(en_welcome["msgContent"].as_str().unwrap().contains("500 lingshi"), "{en_welcome}");
    for key in ["msgId", "msgTitle", "msgBrief", "msgContent", "msgContentType", "msgSendTime", "msgImg", "readed"] {
        assert!(welcome.as_object().unwrap().contains_key(key), "{key} missing: {welcome}");
    }

    // Other code sends messages; HTML is sanitised.
    let conn = app.db().await;
    let html = NewMessage::html(
        "活动",
        "新功能",
        r#"<p onclick="steal()">上新<script>alert(1)</script><img src=x onerror=alert(1)></p>"#,
    )
    .unwrap();
    let html_id = messages::send(&conn, alice_id, &html).await.unwrap();
    let link_id =
        messages::send(&conn, alice_id, &NewMessage::link("教程", "官方教程", "https://example.com/guide").unwrap())
            .await
            .unwrap();
    let d = inbox(&alice).await;
    assert_eq!((d["total"].as_u64(), d["unReadMsgCnt"].as_u64()), (Some(3), Some(3)));
    assert_eq!(d["list"][0]["msgId"], link_id, "newest first");
    assert_eq!(d["list"][0]["msgContentType"], "link");
    assert_eq!(d["list"][0]["msgContent"], "https://example.com/guide");
    let html_row = d["list"].as_array().unwrap().iter().find(|m| m["msgId"] == html_id).unwrap();
    let content = html_row["msgContent"].as_str().unwrap();
    assert!(content.contains("上新"), "{content}");
    for bad in ["<script", "onclick", "onerror", "alert(1)"] {
        assert!(!content.contains(bad), "{bad} left in {content}");
    }

    // Paging: pageSize 100 by default and at most 100.
    let (_, b) = alice.get("/api/messages?pageNum=2&pageSize=2").await;
    assert_eq!((b["data"]["list"].as_array().unwrap().len(), b["data"]["total"].as_u64()), (1, Some(3)));
    let (_, b) = alice.get("/api/messages").await;
    assert_eq!(b["data"]["list"].as_array().unwrap().len(), 3);
    refused(alice.get("/api/messages?pageSize=101").await, 400, "INVALID_PARAM", "参数错误: pageSize");
    refused(alice.get("/api/messages?pageNum=x").await, 400, "INVALID_PARAM", "参数错误: pageNum");

    // Bob cannot see, read or mark Alice's messages.
    let d = inbox(&bob).await;
    assert_eq!((d["total"].as_u64(), d["unReadMsgCnt"].as_u64()), (Some(1), Some(1)), "only his own welcome");
    refused(
        bob.post_json(&format!("/api/messages/{html_id}/read"), json!({})).await,
        404,
        "MESSAGE_NOT_FOUND",
        "消息不存在",
    );
    refused(
        en(&bob).post_json(&format!("/api/messages/{html_id}/read"), json!({})).await,
        404,
        "MESSAGE_NOT_FOUND",
        "Message not found",
    );
    refused(alice.post_json("/api/messages/abc/read", json!({})).await, 404, "MESSAGE_NOT_FOUND", "消息不存在");
    assert_eq!(inbox(&alice).await["unReadMsgCnt"], 3);

    // Reading one drops the unread count by one, once.
    for _ in 0..2 {
        let (s, b) = alice.post_json(&format!("/api/messages/{html_id}/read"), json!({})).await;
        assert_eq!((s, &b["data"]), (200, &json!(true)), "{b}");
    }
    let d = inbox(&alice).await;
    assert_eq!(d["unReadMsgCnt"], 2);
    assert_eq!(d["list"].as_array().unwrap().iter().find(|m| m["msgId"] == html_id).unwrap()["readed"], true);

    // Bob's read-all and delete-all touch only his inbox.
    let (_, b) = bob.post_json("/api/messages/read-all", json!({})).await;
    assert_eq!(b["data"], true);
    let (_, b) = bob.post_json("/api/messages/delete-all", json!({})).await;
    assert_eq!(b["data"], true);
    assert_eq!(inbox(&bob).await["total"], 0);
    assert_eq!(inbox(&alice).await["unReadMsgCnt"], 2);

    // Alice: mark all read, then delete all.
    let (s, b) = alice.post_json("/api/messages/read-all", json!({})).await;
    assert_eq!((s, &b["data"]), (200, &json!(true)));
    let d = inbox(&alice).await;
    assert_eq!((d["total"].as_u64(), d["unReadMsgCnt"].as_u64()), (Some(3), Some(0)));
    assert!(d["list"].as_array().unwrap().iter().all(|m| m["readed"] == true));
    let (s, b) = alice.post_json("/api/messages/delete-all", json!({})).await;
    assert_eq!((s, &b["data"]), (200, &json!(true)));
    let d = inbox(&alice).await;
    assert_eq!(
        (d["total"].as_u64(), d["unReadMsgCnt"].as_u64(), d["list"].as_array().unwrap().len()),
        (Some(0), Some(0), 0)
    );

    // Visitors have no inbox.
    refused(app.client().get("/api/messages").await, 401, "UNAUTHORIZED", "请先登录");
    refused(app.client().post_json("/api/messages/read-all", json!({})).await, 401, "UNAUTHORIZED", "请先登录");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_inbox_and_ownership_on_sqlite() {
    messages_inbox_and_ownership(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_inbox_and_ownership_on_postgres() {
    messages_inbox_and_ownership(TestDatabase::postgres().await).await;
}

// ---------------------------------------------------------------- tenants

async fn tenant_config_for_members_only(db: TestDatabase) {
    let app = TestApp::start(db).await;
    let (member, member_id) = signed_in(&app).await;
    let (outsider, _) = signed_in(&app).await;
    let conn = app.db().await;
    let switches = TenantSwitches::parse(
        r#"{"menuGroups":["home","ai-photo","enterprise-management"],"hiddenRoutes":["/member"],
            "chrome":{"hidePoints":true,"hideFloat":true},
            "entries":{"invite":false,"messages":false,"enterpriseService":true,"logoNavigates":false},
            "enterpriseService":{"mode":"mott"},
            "referrers":{"yili-app":{"hideHeader":true,"hideSidebar":true}}}"#,
        pixmart_api::branding::MENU_GROUPS.as_slice(),
    )
    .unwrap();
    let tenant = tenants::upsert_tenant(
        &conn,
        &tenants::TenantSpec {
            slug: TenantSlug::parse("yili").unwrap(),
            name: "伊利".into(),
            icon: Some("https://example.com/yili.png".into()),
            company_name: Some("伊利集团".into()),
            enterprise: true,
            switches,
        },
    )
    .await
    .unwrap();
    assert!(tenants::assign_user(&conn, member_id, Some(tenant.id)).await.unwrap());
    assert!(!tenants::assign_user(&conn, member_id, Some(tenant.id + 100)).await.unwrap(), "unknown tenant");

    // Visitors and users outside the tenant get the plain brand.
    let (s, plain) = app.client().get("/api/config").await;
    assert_eq!(s, 200, "{plain}");
    let plain = plain["data"].clone();
    assert_eq!(plain["tenant"], Value::Null);
    assert_eq!(
        plain["entries"],
        json!({ "invite": true, "messages": true, "enterpriseService": true, "logoNavigates": true })
    );
    assert_eq!(plain["enterpriseService"]["mode"], "contact");
    // The batch limit is served once, with the task types' prices and bounds.
    assert!(plain.get("limits").is_none(), "{plain}");
    let (_, types) = app.client().get("/api/task-types").await;
    assert_eq!(types["data"]["limits"]["maxBatchItems"], app.settings.tasks.max_batch_items, "{types}");
    assert_eq!(plain["chrome"]["hidePoints"], false);
    assert!(plain["routes"].as_array().unwrap().iter().any(|r| r == "/member"));
    let (_, other) = outsider.get("/api/config").await;
    assert_eq!(other["data"], plain);
    let (_, bad_token) = TestClient { token: Some("not-a-token".into()), ..app.client() }.get("/api/config").await;
    assert_eq!(bad_token["data"], plain, "a stale token is a visitor, not an error");

    // The member gets the tenant's switches over the same brand.
    let (_, merged) = member.get("/api/config").await;
    let m = &merged["data"];
    assert_eq!(m["brand"], plain["brand"]);
    assert_eq!(m["tenant"]["name"], "伊利");
    assert_eq!(m["tenant"]["companyName"], "伊利集团");
    assert_eq!(m["tenant"]["enterprise"], true);
    assert_eq!(m["menuGroups"], json!(["home", "ai-photo", "enterprise-management"]));
    assert!(!m["routes"].as_array().unwrap().iter().any(|r| r == "/member"), "{m}");
    assert!(m["routes"].as_array().unwrap().iter().any(|r| r == "/ai-cutout"));
    assert_eq!(m["chrome"]["hidePoints"], true);
    assert_eq!(m["chrome"]["hideFloat"], true);
    assert_eq!(m["chrome"]["hideHeader"], false);
    assert_eq!(
        m["entries"],
        json!({ "invite": false, "messages": false, "enterpriseService": true, "logoNavigates": false })
    );
    assert_eq!(m["enterpriseService"], json!({ "mode": "mott" }));
    assert_eq!(m["referrers"]["yili-app"]["hideHeader"], true);
    assert_eq!(m["referrers"]["partner-x"]["hideSidebar"], true, "the brand's referrers stay");

    // User info carries the tenant fields.
    let (_, info) = member.get("/api/user/info").await;
    let u = &info["data"]["user"];
    assert_eq!((u["tenant"].as_str(), u["tenantName"].as_str()), (Some("伊利"), Some("伊利")));
    assert_eq!(u["tenantId"], tenant.id);
    assert_eq!(u["tenantIcon"], "https://example.com/yili.png");
    assert_eq!(u["companyName"], "伊利集团");
    let (_, info) = outsider.get("/api/user/info").await;
    assert_eq!((&info["data"]["user"]["tenant"], &info["data"]["user"]["tenantId"]), (&Value::Null, &Value::Null));

    // Leaving the tenant restores the brand.
    assert!(tenants::assign_user(&conn, member_id, None).await.unwrap());
    let (_, back) = member.get("/api/config").await;
    assert_eq!(back["data"], plain);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tenant_config_for_members_only_on_sqlite() {
    tenant_config_for_members_only(TestDatabase::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tenant_config_for_members_only_on_postgres() {
    tenant_config_for_members_only(TestDatabase::postgres().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tenants_upsert_by_slug_and_contact_falls_back_to_the_brand_url() {
    let app = TestApp::start(TestDatabase::sqlite()).await;
    let (member, id) = signed_in(&app).await;
    let conn = app.db().await;
    let spec = |name: &str, switches: &str| tenants::TenantSpec {
        slug: TenantSlug::parse("feihe").unwrap(),
        name: name.into(),
        icon: None,
        company_name: None,
        enterprise: false,
        switches: TenantSwitches::parse::<&str>(switches, &[]).unwrap(),
    };
    let first = tenants::upsert_tenant(&conn, &spec("飞鹤", "{}")).await.unwrap();
    let again = tenants::upsert_tenant(
        &conn,
        &spec("飞鹤乳业", r#"{"enterpriseService":{"mode":"contact","url":"https://example.com/feihe"}}"#),
    )
    .await
    .unwrap();
    assert_eq!(first.id, again.id, "same slug, same tenant");
    assert_eq!(tenants::list_tenants(&conn).await.unwrap().len(), 1);
    tenants::assign_user(&conn, id, Some(first.id)).await.unwrap();
    let (_, b) = member.get("/api/config").await;
    assert_eq!(b["data"]["tenant"]["name"], "飞鹤乳业");
    assert_eq!(b["data"]["enterpriseService"], json!({ "mode": "contact", "url": "https://example.com/feihe" }));
}
